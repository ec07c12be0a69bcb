/**
 * The tee sheet's pure helpers (web/dashboard/screens/pairings/sheet.ts, form-values.ts): what a drag or a menu
 * choice does to the sheet (by the shared swap rules), the rule breaks and fairness beside it (the shared domain's
 * own functions), and the request bodies the forms build.
 */
import { describe, expect, it } from 'vitest';
import { AutoPairBody, BulkTeeTimesBody, WavesBody } from '../../shared/schemas/scheduling.js';
import type { Round } from '../../web/dashboard/api/scheduling.js';
import { coursesBody, errorsUnder, parseHoles } from '../../web/dashboard/screens/pairings/form-values.js';
import { applyOp, dropOp, groupTitle, handicapTotal, sheetBreaks, sheetFairness, withNames, type SheetGroup } from '../../web/dashboard/screens/pairings/sheet.js';

const g = (playerIds: string[], teeTime: string | null = null, startingHole: number | null = null): SheetGroup => ({ playerIds, teeTime, startingHole, label: null });
const sheet = [g(['anna01', 'benb02', 'catc03'], '08:00', 1), g(['dand04', 'evee05', 'finf06'], '08:10', 1)];
const names = new Map([
  ['anna01', 'Ann'],
  ['benb02', 'Ben'],
  ['catc03', 'Cat'],
  ['dand04', 'Dan'],
  ['evee05', 'Eve'],
  ['finf06', 'Finn'],
]);
const apart = { id: 'rule1', kind: 'keep_apart' as const, playerIds: ['anna01', 'dand04'], priority: 8 };

describe('what a drop means', () => {
  it('moves a player dropped into another group, numbering groups from 1 as the API does', () => {
    expect(dropOp({ kind: 'player', playerId: 'anna01', fromGroup: 0, toGroup: 1 })).toEqual({ op: 'move_player', playerId: 'anna01', toGroup: 2 });
  });
  it('ignores a player dropped back into their own group, and a group dropped where it was', () => {
    expect(dropOp({ kind: 'player', playerId: 'anna01', fromGroup: 1, toGroup: 1 })).toBeNull();
    expect(dropOp({ kind: 'group', from: 2, to: 2 })).toBeNull();
  });
  it('swaps the players of a group dragged onto another group', () => {
    expect(dropOp({ kind: 'group', from: 0, to: 2 })).toEqual({ op: 'swap_groups', groupA: 1, groupB: 3, exchange: 'players' });
  });
});

describe('applying an operation to the sheet', () => {
  it('moves a player to the end of the group, places and tee times staying', () => {
    const r = applyOp(sheet, { op: 'move_player', playerId: 'anna01', toGroup: 2 });
    expect(r).toEqual({ sheet: [g(['benb02', 'catc03'], '08:00', 1), g(['dand04', 'evee05', 'finf06', 'anna01'], '08:10', 1)] });
  });
  it('refuses a move that leaves a group with one player, as the server does', () => {
    const r = applyOp([g(['anna01', 'benb02']), g(['catc03', 'dand04'])], { op: 'move_player', playerId: 'anna01', toGroup: 2 });
    expect(r).toEqual({ problem: expect.stringContaining('would be left with 1 player') });
  });
  it('swaps two players, each taking the other place', () => {
    const r = applyOp(sheet, { op: 'swap_players', playerA: 'anna01', playerB: 'finf06' });
    expect('sheet' in r && r.sheet.map((x) => x.playerIds)).toEqual([
      ['finf06', 'benb02', 'catc03'],
      ['dand04', 'evee05', 'anna01'],
    ]);
  });
  it('swaps groups by players (times stay with the places) or by tee times (players stay)', () => {
    const byPlayers = applyOp(sheet, { op: 'swap_groups', groupA: 1, groupB: 2, exchange: 'players' });
    expect('sheet' in byPlayers && byPlayers.sheet.map((x) => [x.playerIds[0], x.teeTime])).toEqual([
      ['dand04', '08:00'],
      ['anna01', '08:10'],
    ]);
    const byTimes = applyOp(sheet, { op: 'swap_groups', groupA: 1, groupB: 2, exchange: 'tee_times' });
    expect('sheet' in byTimes && byTimes.sheet.map((x) => [x.playerIds[0], x.teeTime])).toEqual([
      ['anna01', '08:10'],
      ['dand04', '08:00'],
    ]);
    expect(applyOp(sheet, { op: 'swap_groups', groupA: 2, groupB: 2, exchange: 'tee_times' })).toEqual({ problem: expect.stringContaining('itself') });
  });
});

describe('rule breaks and fairness beside the sheet', () => {
  it('names the broken rule with players by name, and none once it is kept', () => {
    expect(sheetBreaks(sheet, [apart], names)).toEqual([]);
    const moved = applyOp(sheet, { op: 'move_player', playerId: 'anna01', toGroup: 2 });
    expect('sheet' in moved && sheetBreaks(moved.sheet, [apart], names)).toEqual([{ ruleId: 'rule1', kind: 'keep_apart', priority: 8, reason: 'Ann and Dan should be kept apart but share group 2' }]);
  });
  it('counts early and late starts over the other rounds as stored and this sheet as it stands, lowest score first', () => {
    const other = { id: 'round2', groups: [{ id: 'x', number: 1, playerIds: ['anna01', 'benb02', 'catc03'], teeTime: '09:00', startingHole: 10 }, { id: 'y', number: 2, playerIds: ['dand04', 'evee05', 'finf06'], teeTime: '09:10', startingHole: 10 }] } as unknown as Round;
    const f = sheetFairness(sheet, 'round1', [other], names);
    expect(f.rounds).toBe(2);
    const ann = f.players.find((p) => p.playerId === 'anna01')!;
    expect([ann.early, ann.late, ann.front, ann.back, ann.score]).toEqual([2, 0, 1, 1, 50]);
    const dan = f.players.find((p) => p.playerId === 'dand04')!;
    expect([dan.late, dan.score]).toEqual([2, 50]);
    // Ann moved to the late group of this round: her early and late even out.
    const moved = applyOp(sheet, { op: 'swap_players', playerA: 'anna01', playerB: 'dand04' });
    const after = sheetFairness('sheet' in moved ? moved.sheet : sheet, 'round1', [other], names).players.find((p) => p.playerId === 'anna01')!;
    expect([after.early, after.late, after.score]).toEqual([1, 1, 100]);
    expect(f.players[0]!.score).toBeLessThanOrEqual(f.players.at(-1)!.score);
  });
});

describe('words and numbers of the sheet', () => {
  it('names players instead of ids in a refusal', () => {
    expect(withNames('player anna01 is not in any group', names)).toBe('Ann is not in any group');
  });
  it('titles a group with its time and hole, and sums its indexes', () => {
    expect(groupTitle({ playerIds: [], teeTime: '08:20', startingHole: 10, label: 'B' }, 2)).toBe('Group 3 · 08:20 · hole 10B');
    expect(groupTitle(g([]), 0)).toBe('Group 1');
    expect(handicapTotal(['anna01', 'benb02', 'zz'], new Map([['anna01', 4.2], ['benb02', 10.1]]))).toBe(14.3);
    expect(handicapTotal(['anna01'], new Map([['anna01', null]]))).toBeNull();
  });
});

describe('request bodies of the forms, checked with the routes schemas', () => {
  it('reads priority holes, leaving what is not a number for the schema to refuse', () => {
    expect(parseHoles('1, 10; 5  18')).toEqual([1, 10, 5, 18]);
    const bad = BulkTeeTimesBody.safeParse({ format: 'shotgun', firstTime: '08:00', shotgun: { priority: 'priority_holes', priorityHoles: parseHoles('1, ten') } });
    expect(bad.success).toBe(false);
    expect(BulkTeeTimesBody.safeParse({ format: 'shotgun', firstTime: '08:00', shotgun: { priority: 'priority_holes', priorityHoles: parseHoles('1, 10') } }).success).toBe(true);
  });
  it('builds wave courses the route takes', () => {
    const courses = coursesBody([{ name: ' North ', holes: '1, 10', windows: [{ label: 'AM', firstTime: '08:00', lastTime: '10:00', intervalMinutes: '10' }] }]);
    expect(courses).toEqual([{ id: 'c1', name: 'North', startingHoles: [1, 10], windows: [{ id: 'w1', label: 'AM', firstTime: '08:00', lastTime: '10:00', intervalMinutes: 10 }] }]);
    expect(WavesBody.safeParse({ roundId: 'round1', groupSize: 4, assignment: 'division', courses }).success).toBe(true);
    expect(AutoPairBody.safeParse({ strategy: 'previous_results', groupSize: 4 }).success).toBe(false);
  });
  it("gathers a list field's problems with its items", () => {
    expect(errorsUnder({ 'shotgun.priorityHoles.1': ['Holes are numbered 1 to 18.'], 'shotgun.priorityHoles': ['x'], 'shotgun.priority': ['y'] }, 'shotgun.priorityHoles')).toEqual(['Holes are numbered 1 to 18.', 'x']);
    expect(errorsUnder({}, 'blockedTimes')).toBeUndefined();
  });
});
