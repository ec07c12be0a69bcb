import { fail, ok, type Result } from '../../errors.js';
import { formatToPar, netHoleScores, PICKUP, type HoleInfo, type HoleScore } from '../golf/card.js';
import { bestOfTeam } from '../golf/four-ball.js';
import { rank } from '../golf/ranking.js';
import { scrambleCard } from '../golf/scramble.js';
import { netDoubleBogey } from '../golf/strokes.js';
import { holeStrokes, resolveAllowance, snapshotSource, type PlayerRoundCard } from './cards.js';
import { fromDocs, type DocsByType, type SnapshotRound } from './snapshot.js';

/**
 * Team round leaderboard (issue 4, "as fits the format"): a round converted to team scorecards
 * (`teamcard:<roundId>-<key>`) ranks its teams. Best ball counts, per hole, the best `bestOf` member scores
 * (`bestOfTeam`), net from each member's frozen Playing Handicap or gross; scramble takes the team's gross per hole
 * (`teamscore:<teamcardId>:<hole>`) less the team handicap's strokes by stroke index (`scrambleCard`). Teams are
 * ranked on gross or net to the par of the holes counted (best ball: `bestOf` × par), ties shared (`rank`).
 *
 * Picked-up holes (WHS Rule 3.1b): in best ball the team's holed balls count first; a picked-up ball counts at its net
 * double bogey (gross par + 2 + the member's strokes received, net par + 2) only when fewer than `bestOf` balls were
 * holed, so a hole where every ball was picked up counts the best net double bogeys and is marked `pickedUp`. A
 * scramble team that picks up (`strokes: null`) counts its own net double bogey from the team handicap's strokes.
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
  /** Team gross and net per hole, `null` while the hole has no team score; `pickedUp` when a picked-up ball counts. */
  holes: { hole: number; gross: number | null; net: number | null; pickedUp: boolean }[];
}

export interface TeamRoundLeaderboard {
  roundId: string;
  name: string;
  basis: TeamRoundBasis;
  /** The round's handicap allowance in percent, which its scorecards' Playing Handicaps (and so the net scores) are at. */
  allowancePercent: number;
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

/** Scramble team gross per hole by team card id (index `hole - 1`, `pickup` for `strokes: null`); the last valid document per hole wins. */
function teamGross(docs: DocsByType, roundId: string, holeCount: number): Map<string, HoleScore[]> {
  const out = new Map<string, HoleScore[]>();
  for (const d of live(docs, 'teamscore')) {
    if (typeof d.teamcardId !== 'string' || (d.roundId !== undefined && d.roundId !== roundId)) continue;
    const { hole, strokes } = d;
    if (typeof hole !== 'number' || !Number.isInteger(hole) || hole < 1 || hole > holeCount) continue;
    if (strokes !== null && (typeof strokes !== 'number' || !Number.isInteger(strokes) || strokes < 1 || strokes > 30)) continue;
    let row = out.get(d.teamcardId);
    if (!row) out.set(d.teamcardId, (row = new Array<HoleScore>(holeCount).fill(null)));
    row[hole - 1] = strokes ?? PICKUP;
  }
  return out;
}

/** A member's strokes received per hole: from the Playing Handicap frozen on the scorecard (else at the round's allowance). */
function memberStrokes(round: SnapshotRound, card: PlayerRoundCard, rawScorecards: Map<string, Obj>): readonly number[] {
  const frozen = rawScorecards.get(card.scorecardId)?.handicap;
  const ph = isObj(frozen) && typeof frozen.playingHandicap === 'number' ? frozen.playingHandicap : undefined;
  return ph !== undefined ? holeStrokes(ph, round.holes) : card.strokes;
}

/** A team card's rows per hole (index `hole - 1`). */
export interface TeamRows {
  gross: (number | null)[];
  net: (number | null)[];
  /** Whether a picked-up ball (or the scramble team's pick-up) counts on the hole. */
  pickedUp: boolean[];
  /** Scramble: the team's net double bogey per hole (WHS Rule 3.1b, from the team handicap's strokes); best ball: `null`. */
  netDoubleBogey: (number | null)[];
}

/**
 * Scramble rows: the team's gross per hole (`pickup` when the team picked up, counted at its net double bogey) less
 * the team handicap's strokes by stroke index.
 * @example scrambleRows(holes, [4, 'pickup'], 2) // { gross: [4, 7], net: [3, 6], pickedUp: [false, true], … } on two par 4s
 */
export function scrambleRows(holes: readonly HoleInfo[], gross: readonly HoleScore[], teamHandicap: number | null): TeamRows {
  const card = holes.length > 0 ? scrambleCard(holes, holes.map((_, i) => gross[i] ?? null), teamHandicap ?? 0) : undefined;
  const strokes = card?.ok ? card.value.strokes : holes.map(() => 0);
  const ndb = holes.map((h, i) => netDoubleBogey(h.par, strokes[i] ?? 0));
  const counted = holes.map((_, i) => (gross[i] === PICKUP ? ndb[i]! : typeof gross[i] === 'number' ? (gross[i] as number) : null));
  return {
    gross: counted,
    net: counted.map((g, i) => (g === null ? null : g - (strokes[i] ?? 0))),
    pickedUp: holes.map((_, i) => gross[i] === PICKUP),
    netDoubleBogey: ndb,
  };
}

/**
 * Best ball rows: the best `bestOf` member scores per hole, gross and net (gross − the member's strokes received).
 * Holed balls count first; a picked-up ball counts at its net double bogey (WHS Rule 3.1b: gross par + 2 + strokes
 * received, net par + 2) only when fewer than `bestOf` balls were holed.
 * @example bestBallRows(holes, [{ gross: ['pickup'], strokes: [1] }, { gross: [6], strokes: [0] }], 1) // gross [6], net [6]
 */
export function bestBallRows(holes: readonly HoleInfo[], members: readonly { gross: readonly HoleScore[]; strokes: readonly number[] }[], bestOf: number): TeamRows {
  const strokes = members.map((m) => holes.map((_, i) => m.strokes[i] ?? 0));
  const grossRows = members.map((m) => holes.map((_, i) => m.gross[i] ?? null));
  const netRows = grossRows.map((g, m) => netHoleScores(g, strokes[m]!));
  const g = bestOfTeam(grossRows, { count: bestOf, pickup: (m, i) => netDoubleBogey(holes[i]!.par, strokes[m]![i]!) });
  const n = bestOfTeam(netRows, { count: bestOf, pickup: (_, i) => holes[i]!.par + 2 });
  const nulls = holes.map((): number | null => null);
  return {
    gross: g.ok ? g.value.holes.map((h) => h.value) : nulls,
    net: n.ok ? n.value.holes.map((h) => h.value) : nulls,
    pickedUp: g.ok ? g.value.holes.map((h) => h.pickedUp) : holes.map(() => false),
    netDoubleBogey: nulls,
  };
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
  // The round's allowance: what its scorecards froze their Playing Handicaps at (each member's strokes come from those).
  const allowance = resolveAllowance('net', undefined, round.format);
  const allowancePercent = allowance.ok ? allowance.value : 95;
  const cards = new Map(snapshotSource(snapshot).cards(roundId, allowancePercent).map((c) => [c.playerId, c]));
  const rawScorecards = new Map<string, Obj>();
  for (const d of live(docs, 'scorecard')) {
    const id = idOf(d, 'scorecard');
    if (id !== null) rawScorecards.set(id, d);
  }
  const scramble = teamGross(docs, roundId, round.holes.length);
  const empty = () => round.holes.map((): HoleScore => null);

  const lines = teams.map((t) => {
    const rows =
      t.format === 'best_ball'
        ? bestBallRows(
            round.holes,
            t.playerIds.map((p) => cards.get(p)).map((c) => (c ? { gross: c.holes, strokes: memberStrokes(round, c, rawScorecards) } : { gross: [], strokes: [] })),
            t.bestOf,
          )
        : scrambleRows(round.holes, scramble.get(t.id) ?? empty(), t.teamHandicap);
    const { gross, net } = rows;
    const perHolePar = t.format === 'best_ball' ? t.bestOf : 1;
    const parPlayed = gross.reduce<number>((s, v, i) => s + (v === null ? 0 : perHolePar * (pars[i] ?? 0)), 0);
    const sum = (xs: (number | null)[]) => xs.reduce<number>((s, x) => s + (x ?? 0), 0);
    const thru = gross.filter((g) => g !== null).length;
    const grossTotal = sum(gross);
    const netTotal = sum(net);
    const toPar = thru === 0 ? null : (basis === 'gross' ? grossTotal : netTotal) - parPlayed;
    return { t, gross, net, pickedUp: rows.pickedUp, thru, grossTotal, netTotal, toPar };
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
      holes: round.holes.map((h, i) => ({ hole: h.number, gross: l.gross[i] ?? null, net: l.net[i] ?? null, pickedUp: l.pickedUp[i] ?? false })),
    };
  });
  return ok({ roundId, name: round.name, basis, allowancePercent, par: pars.reduce((s, p) => s + p, 0), entries });
}
