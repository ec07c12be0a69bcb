import { describe, expect, it } from 'vitest';
import { controlRoom } from '../../shared/domain/control-room.js';
import type { RoundDoc } from '../../shared/schemas/round.js';

const holes = Array.from({ length: 18 }, (_, i) => ({ number: i + 1, par: 4, strokeIndex: i + 1 }));
const round = (groups: RoundDoc['groups'], state: RoundDoc['state'] = 'in_progress') =>
  ({ id: 'rnd001', name: 'Day 1', state, course: { name: 'Links', holes, tees: [] }, playerIds: groups.flatMap((g) => g.playerIds), groups }) as unknown as RoundDoc;
const names = new Map([['anna01', 'Anna'], ['bert02', 'Bert'], ['cara03', 'Cara'], ['dirk04', 'Dirk']]);
const s = (playerId: string, ...hs: number[]) => hs.map((hole) => ({ roundId: 'rnd001', playerId, hole }));

describe('controlRoom', () => {
  it('counts a hole as completed only when every player of the group has it, and lists the gaps behind the group', () => {
    const r = controlRoom(round([{ id: 'g1', number: 1, playerIds: ['anna01', 'bert02'] }]), [...s('anna01', 1, 2, 3), ...s('bert02', 1, 3)], names);
    expect(r.groups[0]).toMatchObject({ thru: 2, holesPlayed: 3, status: 'playing', lastHole: 18, pastLastHole: false });
    expect(r.groups[0]!.players.map((p) => p.missingHoles)).toEqual([[], [2]]);
    expect(r.roundOver).toBe(false);
    expect(r.missingScores).toEqual([]);
  });

  it('ends a shotgun group on the hole before its start, and the round is over once every group is past its last hole', () => {
    const groups = [
      { id: 'g1', number: 1, playerIds: ['anna01', 'bert02'] },
      { id: 'g2', number: 2, playerIds: ['cara03', 'dirk04'], startingHole: 10 },
    ];
    const g2 = Array.from({ length: 18 }, (_, i) => i + 1).filter((h) => h !== 12);
    const r = controlRoom(round(groups), [...s('anna01', ...g2, 12), ...s('bert02', ...g2, 12), ...s('cara03', ...g2), ...s('dirk04', 9)], names);
    expect(r.groups[1]).toMatchObject({ startingHole: 10, lastHole: 9, pastLastHole: true, status: 'playing' });
    expect(r.groups[0]).toMatchObject({ status: 'finished', pastLastHole: true });
    expect(r.roundOver).toBe(true);
    expect(r.missingScores.filter((m) => m.name === 'Cara')).toEqual([{ playerId: 'cara03', name: 'Cara', hole: 12, scorecardId: 'rnd001-cara03', groupId: 'g2', shouldHaveEntered: [{ playerId: 'cara03', name: 'Cara' }, { playerId: 'dirk04', name: 'Dirk' }] }]);
    expect(r.missingScores.filter((m) => m.name === 'Dirk')).toHaveLength(17);
  });

  it('puts players in no group together, and counts disputed holes', () => {
    const r = controlRoom(round([], 'ready'), [{ roundId: 'rnd001', playerId: 'anna01', hole: 1, disputed: true }], names);
    expect(r.groups).toEqual([]);
    const loose = controlRoom({ ...round([]), playerIds: ['anna01', 'bert02'] } as RoundDoc, [{ roundId: 'rnd001', playerId: 'anna01', hole: 1, disputed: true }], names);
    expect(loose.groups).toHaveLength(1);
    expect(loose.groups[0]).toMatchObject({ groupId: null, number: null });
    expect(loose.openDisputes).toBe(1);
    expect(r.openDisputes).toBe(1);
  });
});
