import { describe, expect, it } from 'vitest';
import { buildDisplayPayload, UNKNOWN_PLAYER, type DisplayInput, type DisplayPlayer, type DisplayRound, type SkinsInput } from '../../../shared/domain/display/index.js';
import { DisplayPayload } from '../../../shared/schemas/display.js';
import type { RoundLeaderboard } from '../../../shared/schemas/leaderboards.js';

/** Players as stored: with the private fields the payload must drop. */
const stored = [
  { id: 'plal00', name: 'Al', email: 'al@example.com', phone: '+353 87 111 2222', handicapIndex: 4.2, team: 'Europe' },
  { id: 'plbo00', name: 'Bo', email: 'bo@example.com', phone: '+1 555 0100', handicapIndex: 12 },
];
const players: DisplayPlayer[] = stored;

const rounds: DisplayRound[] = [
  {
    id: 'rdtwo0',
    name: 'Day 2',
    date: '2027-04-12',
    startTime: '09:00',
    state: 'draft',
    format: 'stableford',
    course: { name: 'New Course' },
    groups: [
      { number: 1, playerIds: ['plbo00'], teeTime: '09:10' },
      { number: 2, playerIds: ['plal00', 'plgone'], teeTime: '09:00', startingHole: 10 },
      { number: 3, playerIds: [] },
    ],
  },
  { id: 'rdone0', name: 'Day 1', date: '2027-04-11', state: 'in_progress', format: 'stroke_play', groups: [] },
];

const board: RoundLeaderboard = {
  roundId: 'rdone0',
  name: 'Day 1',
  basis: 'net',
  allowancePercent: 95,
  countback: false,
  par: 72,
  entries: [
    { playerId: 'plal00', name: 'Al', team: 'Europe', position: 1, label: '1', tied: false, thru: 3, gross: 12, net: 11, toPar: -1, toParLabel: '-1', grossToPar: 0, netToPar: -1, points: 7, playingHandicap: 4, courseHandicap: 4.2, holes: [4, 4, 4], perHole: [] },
    { playerId: 'plbo00', name: 'Bo', position: null, label: '-', tied: false, thru: 0, gross: 0, net: 0, toPar: null, toParLabel: '-', grossToPar: 0, netToPar: 0, points: 0, playingHandicap: 12, courseHandicap: 12.6, holes: [null, null, null], perHole: [] },
  ],
};

const skins: SkinsInput = {
  game: { name: 'Skins – Day 1', basis: 'gross' },
  state: Object.assign(
    { final: false, holesCounted: [1, 2], carrying: 1, players: [{ playerId: 'plbo00', skins: 0, paidCents: 500, receivedCents: 0, netCents: -500 }, { playerId: 'plal00', skins: 2, paidCents: 0, receivedCents: 1000, netCents: 1000 }] },
    { moneyCents: { plal00: 1000, plbo00: -500 }, potCents: 3000 },
  ),
};

const input = (over: Partial<DisplayInput> = {}): DisplayInput => ({
  trip: { name: 'Algarve 2027', startDate: '2027-04-10', endDate: '2027-04-14', destination: 'Vilamoura', timezone: 'Europe/Lisbon' },
  settings: { panels: ['leaderboard', 'skins', 'schedule', 'tee_sheet'], rotationSeconds: 20, theme: 'dark' },
  rounds,
  players,
  featuredRoundId: 'rdone0',
  board,
  skins: [skins],
  teeSheetRoundId: 'rdtwo0',
  ...over,
});

describe('buildDisplayPayload', () => {
  it('answers every panel in the strict public schema', () => {
    const payload = buildDisplayPayload(input());
    expect(DisplayPayload.parse(payload)).toEqual(payload);
    expect(payload.trip).toEqual({ name: 'Algarve 2027', startDate: '2027-04-10', endDate: '2027-04-14', destination: 'Vilamoura', timezone: 'Europe/Lisbon' });
    expect(payload.display).toEqual({ panels: ['leaderboard', 'skins', 'schedule', 'tee_sheet'], rotationSeconds: 20, theme: 'dark' });
  });

  it('shows board lines by name without player ids, handicaps or hole cards', () => {
    const { leaderboard } = buildDisplayPayload(input());
    expect(leaderboard).toEqual({
      roundName: 'Day 1',
      basis: 'net',
      par: 72,
      lines: [
        { name: 'Al', team: 'Europe', position: 1, label: '1', tied: false, thru: 3, toPar: -1, toParLabel: '-1', gross: 12, net: 11, points: 7 },
        { name: 'Bo', position: null, label: '-', tied: false, thru: 0, toPar: null, toParLabel: '-', gross: 0, net: 0, points: 0 },
      ],
    });
  });

  it('ranks skins by skins won and drops every amount of money', () => {
    const payload = buildDisplayPayload(input());
    expect(payload.skins).toEqual([
      { name: 'Skins – Day 1', basis: 'gross', final: false, holesCounted: 2, carrying: 1, standings: [{ name: 'Al', team: 'Europe', skins: 2 }, { name: 'Bo', skins: 0 }] },
    ]);
    expect(JSON.stringify(payload)).not.toMatch(/cents/i);
  });

  it('lists the schedule in playing order and marks the featured round', () => {
    const { schedule } = buildDisplayPayload(input());
    expect(schedule).toEqual([
      { name: 'Day 1', date: '2027-04-11', startTime: null, courseName: null, format: 'stroke_play', state: 'in_progress', featured: true },
      { name: 'Day 2', date: '2027-04-12', startTime: '09:00', courseName: 'New Course', format: 'stableford', state: 'draft', featured: false },
    ]);
  });

  it('orders the tee sheet by tee time, groups without one last, and names a removed player neutrally', () => {
    const { teeSheet } = buildDisplayPayload(input());
    expect(teeSheet).toEqual({
      roundName: 'Day 2',
      date: '2027-04-12',
      courseName: 'New Course',
      groups: [
        { number: 2, teeTime: '09:00', startingHole: 10, players: [{ name: 'Al', team: 'Europe' }, { name: UNKNOWN_PLAYER }] },
        { number: 1, teeTime: '09:10', startingHole: null, players: [{ name: 'Bo' }] },
        { number: 3, teeTime: null, startingHole: null, players: [] },
      ],
    });
  });

  it('carries no email, phone, handicap index or player id anywhere', () => {
    const text = JSON.stringify(buildDisplayPayload(input()));
    for (const p of stored) {
      expect(text).not.toContain(p.email);
      expect(text).not.toContain(p.phone);
      expect(text).not.toContain(p.id);
    }
    expect(text).not.toMatch(/handicap|playerId|email|phone/i);
  });

  it('leaves out the panels that are not configured, in the order given', () => {
    const payload = buildDisplayPayload(input({ settings: { panels: ['schedule', 'leaderboard'], rotationSeconds: 5, theme: 'light' } }));
    expect(Object.keys(payload)).toEqual(['trip', 'display', 'leaderboard', 'schedule']);
    expect(payload.display.panels).toEqual(['schedule', 'leaderboard']);
  });

  it('answers null boards and an empty sheet for a trip without rounds', () => {
    const payload = buildDisplayPayload(input({ rounds: [], board: null, skins: [], featuredRoundId: null, teeSheetRoundId: null, trip: { name: 'T', startDate: '2027-01-01', endDate: '2027-01-02', timezone: 'UTC' } }));
    expect(payload).toMatchObject({ leaderboard: null, skins: [], schedule: [], teeSheet: null, trip: { destination: null } });
    expect(DisplayPayload.safeParse(payload).success).toBe(true);
  });
});

describe('the public schema', () => {
  it('refuses a payload that carries an extra field, so a leak fails the response check', () => {
    const payload = buildDisplayPayload(input()) as unknown as { leaderboard: { lines: Record<string, unknown>[] } };
    payload.leaderboard.lines[0]!.email = 'al@example.com';
    expect(DisplayPayload.safeParse(payload).success).toBe(false);
  });
});
