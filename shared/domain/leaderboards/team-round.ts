import { fail, ok, type Result } from '../../errors.js';
import { formatToPar, type HoleInfo } from '../golf/card.js';
import { bestOfTeam } from '../golf/four-ball.js';
import { rank } from '../golf/ranking.js';
import { scrambleCard } from '../golf/scramble.js';
import type { DocsByType } from './boards.js';
import { holeStrokes, snapshotSource, type PlayerRoundCard } from './cards.js';
import { fromDocs, type SnapshotRound } from './snapshot.js';

/**
 * Team round leaderboard (issue 4, "as fits the format"): a round converted to team scorecards
 * (`teamcard:<roundId>-<key>`) ranks its teams. Best ball counts, per hole, the best `bestOf` member scores
 * (`bestOfTeam`), net from each member's frozen Playing Handicap or gross; scramble takes the team's gross per hole
 * (`teamscore:<teamcardId>:<hole>`) less the team handicap's strokes by stroke index (`scrambleCard`). Teams are
 * ranked on gross or net to the par of the holes counted (best ball: `bestOf` × par), ties shared (`rank`).
 */

export type TeamRoundBasis = 'gross' | 'net';

export interface TeamRoundOptions {
  basis: TeamRoundBasis;
}

/** One team's line. */
export interface TeamRoundEntry {
  teamcardId: string;
  key: string;
  name: string;
  format: 'best_ball' | 'scramble';
  playerIds: string[];
  /** Best ball: scores counted per hole; `null` for scramble. */
  bestOf: number | null;
  /** Scramble: the team's Playing Handicap (`null` when a member has no index, or for best ball). */
  teamHandicap: number | null;
  position: number | null;
  label: string;
  tied: boolean;
  /** Holes with a team score. */
  thru: number;
  gross: number;
  net: number;
  /** Against the par of the holes counted (gross or net by basis); `null` before a hole. */
  toPar: number | null;
  toParLabel: string;
  /** Team gross and net per hole, `null` while the hole has no team score. */
  holes: { hole: number; gross: number | null; net: number | null }[];
}

export interface TeamRoundLeaderboard {
  roundId: string;
  name: string;
  basis: TeamRoundBasis;
  /** Par of the whole card. */
  par: number;
  entries: TeamRoundEntry[];
}

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const idOf = (d: Obj, type: string): string | null =>
  typeof d.id === 'string' && d.id !== '' ? d.id : typeof d._id === 'string' && d._id.startsWith(`${type}:`) ? d._id.slice(type.length + 1) : null;
const live = (docs: DocsByType, type: string): Obj[] => (docs[type] ?? []).filter((d): d is Obj => isObj(d) && d._deleted !== true && (d.type === undefined || d.type === type));

interface Teamcard {
  id: string;
  key: string;
  name: string;
  format: 'best_ball' | 'scramble';
  playerIds: string[];
  bestOf: number;
  teamHandicap: number | null;
}

/** The round's team cards, tolerant of malformed documents (skipped), sorted by id. */
function teamcardsOf(docs: DocsByType, roundId: string): Teamcard[] {
  const out = new Map<string, Teamcard>();
  for (const d of live(docs, 'teamcard')) {
    const id = idOf(d, 'teamcard');
    if (id === null || d.roundId !== roundId || (d.format !== 'best_ball' && d.format !== 'scramble')) continue;
    const playerIds = Array.isArray(d.playerIds) ? d.playerIds.filter((p): p is string => typeof p === 'string') : [];
    if (playerIds.length === 0) continue;
    const key = typeof d.key === 'string' ? d.key : id;
    const bestOf = typeof d.bestOf === 'number' && Number.isInteger(d.bestOf) && d.bestOf >= 1 && d.bestOf <= playerIds.length ? d.bestOf : 1;
    const th = isObj(d.handicap) && typeof d.handicap.teamHandicap === 'number' && Number.isFinite(d.handicap.teamHandicap) ? d.handicap.teamHandicap : null;
    out.set(id, { id, key, name: typeof d.name === 'string' ? d.name : key, format: d.format, playerIds, bestOf, teamHandicap: d.format === 'scramble' ? th : null });
  }
  return [...out.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Scramble team gross per hole by team card id (index `hole - 1`); the last valid document per hole wins. */
function teamGross(docs: DocsByType, roundId: string, holeCount: number): Map<string, (number | null)[]> {
  const out = new Map<string, (number | null)[]>();
  for (const d of live(docs, 'teamscore')) {
    if (typeof d.teamcardId !== 'string' || (d.roundId !== undefined && d.roundId !== roundId)) continue;
    const { hole, strokes } = d;
    if (typeof hole !== 'number' || !Number.isInteger(hole) || hole < 1 || hole > holeCount) continue;
    if (typeof strokes !== 'number' || !Number.isInteger(strokes) || strokes < 1 || strokes > 30) continue;
    let row = out.get(d.teamcardId);
    if (!row) out.set(d.teamcardId, (row = new Array<number | null>(holeCount).fill(null)));
    row[hole - 1] = strokes;
  }
  return out;
}

/** A member's net per hole: gross less the strokes of the Playing Handicap frozen on the scorecard (else at 95 %). */
function memberNet(round: SnapshotRound, card: PlayerRoundCard, rawScorecards: Map<string, Obj>): (number | null)[] {
  const frozen = rawScorecards.get(card.scorecardId)?.handicap;
  const ph = isObj(frozen) && typeof frozen.playingHandicap === 'number' ? frozen.playingHandicap : undefined;
  const strokes = ph !== undefined ? holeStrokes(ph, round.holes) : card.strokes;
  return card.holes.map((g, i) => (g === null ? null : g - (strokes[i] ?? 0)));
}

function scrambleRows(holes: readonly HoleInfo[], gross: (number | null)[], teamHandicap: number | null): { gross: (number | null)[]; net: (number | null)[] } {
  const card = holes.length > 0 ? scrambleCard(holes, gross, teamHandicap ?? 0) : undefined;
  const strokes = card?.ok ? card.value.strokes : holes.map(() => 0);
  return { gross, net: gross.map((g, i) => (g === null ? null : g - (strokes[i] ?? 0))) };
}

/**
 * The team board of one round, from a trip's documents by type (`round`, `scorecard`, `score`, `player`,
 * `teamcard`, `teamscore`). Fails `round_not_found` for an unknown round and `not_found` when the round has no team
 * cards. Sorted by position, then team card id; teams without a score come last ("-").
 * @example teamRoundLeaderboard(docs, 'r1', { basis: 'net' }) // ok({ entries: [{ teamcardId: 'r1-g2', label: '1', net: 10, toPar: -2, … }, …] })
 */
export function teamRoundLeaderboard(docs: DocsByType, roundId: string, options: TeamRoundOptions): Result<TeamRoundLeaderboard> {
  const snapshot = fromDocs(['player', 'round', 'scorecard', 'score'].flatMap((t) => docs[t] ?? []));
  const round = snapshot.rounds.find((r) => r.id === roundId);
  if (!round) return fail('round_not_found', `no round ${roundId} on this trip`);
  const teams = teamcardsOf(docs, roundId);
  if (teams.length === 0) return fail('not_found', `round ${roundId} has no team scorecards`);
  const { basis } = options;
  const pars = round.holes.map((h) => h.par);
  const cards = new Map(snapshotSource(snapshot).cards(roundId, 95).map((c) => [c.playerId, c]));
  const rawScorecards = new Map<string, Obj>();
  for (const d of live(docs, 'scorecard')) {
    const id = idOf(d, 'scorecard');
    if (id !== null) rawScorecards.set(id, d);
  }
  const scramble = teamGross(docs, roundId, round.holes.length);
  const empty = () => round.holes.map((): number | null => null);

  const lines = teams.map((t) => {
    let gross: (number | null)[];
    let net: (number | null)[];
    let parPlayed: number;
    if (t.format === 'best_ball') {
      const members = t.playerIds.map((p) => cards.get(p));
      const grossRows = members.map((c) => (c ? c.holes : empty()));
      const netRows = members.map((c) => (c ? memberNet(round, c, rawScorecards) : empty()));
      const g = bestOfTeam(grossRows, { count: t.bestOf });
      const n = bestOfTeam(netRows, { count: t.bestOf });
      gross = g.ok ? g.value.holes.map((h) => h.value) : empty();
      net = n.ok ? n.value.holes.map((h) => h.value) : empty();
      parPlayed = gross.reduce<number>((s, v, i) => s + (v === null ? 0 : t.bestOf * (pars[i] ?? 0)), 0);
    } else {
      ({ gross, net } = scrambleRows(round.holes, scramble.get(t.id) ?? empty(), t.teamHandicap));
      parPlayed = gross.reduce<number>((s, v, i) => s + (v === null ? 0 : (pars[i] ?? 0)), 0);
    }
    const sum = (xs: (number | null)[]) => xs.reduce<number>((s, x) => s + (x ?? 0), 0);
    const thru = gross.filter((g) => g !== null).length;
    const grossTotal = sum(gross);
    const netTotal = sum(net);
    const toPar = thru === 0 ? null : (basis === 'gross' ? grossTotal : netTotal) - parPlayed;
    return { t, gross, net, thru, grossTotal, netTotal, toPar };
  });
  const byId = new Map(lines.map((l) => [l.t.id, l]));
  const ranked = rank(lines.map((l) => ({ id: l.t.id, score: l.toPar })), { direction: 'lower' });
  const entries = ranked.map((r): TeamRoundEntry => {
    const l = byId.get(r.id)!;
    return {
      teamcardId: l.t.id,
      key: l.t.key,
      name: l.t.name,
      format: l.t.format,
      playerIds: l.t.playerIds.slice(),
      bestOf: l.t.format === 'best_ball' ? l.t.bestOf : null,
      teamHandicap: l.t.teamHandicap,
      position: r.position,
      label: r.label,
      tied: r.tied,
      thru: l.thru,
      gross: l.grossTotal,
      net: l.netTotal,
      toPar: l.toPar,
      toParLabel: l.toPar === null ? '-' : formatToPar(l.toPar),
      holes: round.holes.map((h, i) => ({ hole: h.number, gross: l.gross[i] ?? null, net: l.net[i] ?? null })),
    };
  });
  return ok({ roundId, name: round.name, basis, par: pars.reduce((s, p) => s + p, 0), entries });
}
