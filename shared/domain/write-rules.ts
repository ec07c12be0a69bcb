import { z } from 'zod';
import { PlayerDoc } from '../schemas/player.js';
import { RoundDoc, ScoreDoc, scoreDocId, type RoundState, type ScoreEntry } from '../schemas/round.js';
import { CompetitionDoc } from '../schemas/competition.js';
import { PointGameDoc, TeamScoreDoc } from '../schemas/games.js';
import { ExpenseDoc } from '../schemas/money.js';
import { AvailabilityDoc } from '../schemas/availability.js';
import { RideRequestDoc } from '../schemas/travel.js';
import { pointGameState } from './games/point-game.js';
import { splitConverted, splitExpense, splitProblem } from './money/split.js';

/** Who writes: the player a portal session acts as (with that player's role), or an organizer. */
export interface Writer {
  playerId: string;
  role: 'player' | 'organizer';
}

/** What the rules need to know of the trip: scorecards and the state of each round, and the server's clock. */
export interface WriteFacts {
  scorecards: ReadonlyMap<string, { roundId: string; playerId: string; groupId: string | null }>;
  roundStates: ReadonlyMap<string, RoundState>;
  /**
   * The server's clock as the write arrives (the caller's `now()`: the rules stay pure). A score entered later than
   * {@link MAX_CLOCK_AHEAD_MS} after it is refused; without it, entry times are not checked.
   */
  now?: Date;
}

/**
 * How far ahead of the server's clock a device's `enteredAt` may be (clock drift between a phone and the server).
 * The latest entry wins a conflict (shared/domain/scores.ts), so a phone whose clock said 2099 would otherwise win
 * every conflict on every hole it touched, forever.
 */
export const MAX_CLOCK_AHEAD_MS = 5 * 60_000;

/**
 * The response headers of every server answer that carry the server's clock (milliseconds since the epoch): when it
 * answered, and when the request arrived. Phones learn their clock's offset from them (NTP's four timestamps, so
 * the time the server spent on the request does not blur it) and stamp entries with the server's time
 * (sync/device/clock.ts): a phone whose own clock is off by minutes or hours neither has its scores refused nor
 * decides a dispute wrongly.
 */
export const SERVER_TIME_HEADER = 'X-Server-Time';
export const SERVER_RECEIVED_HEADER = 'X-Server-Received';

/**
 * Document types that may arrive through sync, each with its schema and who may write it. Trip settings, tokens,
 * scorecards, archives and other players' money are never written through sync (issue 3, write rules).
 */
const SYNC_WRITABLE: Record<string, { schema: z.ZodType; who: 'players' | 'organizers' }> = {
  score: { schema: ScoreDoc, who: 'players' },
  player: { schema: PlayerDoc, who: 'organizers' },
  round: { schema: RoundDoc, who: 'organizers' },
  competition: { schema: CompetitionDoc, who: 'organizers' },
  /** The 40-point game: its captain changes the selections (offline too); everything else is the organizers'. */
  pointgame: { schema: PointGameDoc, who: 'players' },
  /** A scramble team's score on its team card; organizers enter them (as over REST), offline too. */
  teamscore: { schema: TeamScoreDoc, who: 'organizers' },
  /** Expenses: a player writes those they paid (offline too); organizers any. Settlements, wagers and the pot are REST only. */
  expense: { schema: ExpenseDoc, who: 'players' },
  /** Ride requests on the ride board: a player writes their own open ones (offline too); a seat is taken over REST. */
  riderequest: { schema: RideRequestDoc, who: 'players' },
  /** Availability: a player writes their own (offline too), `availability:<playerId>`; organizers anyone's. */
  availability: { schema: AvailabilityDoc, who: 'players' },
};

/** The schema a document of `type` must pass to be written through sync, or undefined when sync never takes it. */
export function syncWritableSchema(type: string): z.ZodType | undefined {
  return Object.hasOwn(SYNC_WRITABLE, type) ? SYNC_WRITABLE[type]!.schema : undefined;
}

/** Round states in which scores may be entered. */
const SCORING_STATES: ReadonlySet<RoundState> = new Set(['ready', 'in_progress']);

/**
 * Whether `writer` may write `doc` (a new version, possibly a deletion) over `current` (the stored winner, if any).
 * Answers null when allowed, else the reason, which the gateway sends as a per-document `forbidden`.
 */
export function checkSyncWrite(writer: Writer, doc: Record<string, unknown> & { _id: string; _deleted?: boolean }, current: Record<string, unknown> | undefined, facts: WriteFacts): string | null {
  if (doc._id.startsWith('_design/')) return 'design documents are not written through sync';
  const type = (doc._deleted ? current?.type : doc.type) as string | undefined;
  if (current && !doc._deleted && current.type !== doc.type) return `a ${String(current.type)} document cannot become a ${String(doc.type)}`;
  const rule = type ? SYNC_WRITABLE[type] : undefined;
  if (!rule) return `documents of type ${type ?? '(none)'} are not written through sync`;
  if (rule.who === 'organizers' && writer.role !== 'organizer') return `only organizers write ${type} documents`;
  if (type === 'score') return checkScore(writer, (doc._deleted ? current : doc) as Record<string, unknown>, doc, current, facts);
  if (type === 'pointgame' && writer.role !== 'organizer') return checkPointGameSelection(writer, doc, current, facts);
  if (type === 'teamscore') return checkTeamScore(doc._deleted ? current : doc, doc, facts);
  if (type === 'expense') {
    const problem = checkExpense(writer, doc, current);
    if (problem) return problem;
  }
  if (type === 'availability') {
    const owner = ((doc._deleted ? current : doc) as { playerId?: unknown } | undefined)?.playerId;
    if (writer.role !== 'organizer' && (owner !== writer.playerId || (current && current.playerId !== writer.playerId))) return 'players write only their own availability';
    if (!doc._deleted && doc.id !== doc.playerId) return "an availability document's id is its player's id";
  }
  if (type === 'riderequest') {
    const problem = checkRideRequest(writer, doc, current);
    if (problem) return problem;
  }
  if (doc._deleted) return null;
  const parsed = rule.schema.safeParse(doc);
  if (!parsed.success) return `not a valid ${type}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
  const id = (doc as { id?: unknown }).id;
  if (doc._id !== `${type}:${String(id)}`) return `a ${type} document's _id must be ${type}:<id>`;
  return null;
}

function checkScore(writer: Writer, value: Record<string, unknown> | undefined, doc: { _id: string; _deleted?: boolean }, current: Record<string, unknown> | undefined, facts: WriteFacts): string | null {
  if (!value) return 'no such score to delete';
  if (!doc._deleted) {
    const parsed = ScoreDoc.safeParse(value);
    if (!parsed.success) return `not a valid score: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
  }
  const score = value as { scorecardId: string; hole: number; roundId: string; playerId: string };
  if (doc._id !== scoreDocId(score.scorecardId, score.hole)) return 'a score document\'s _id must be score:<scorecardId>:<hole>';
  const card = facts.scorecards.get(score.scorecardId);
  if (!card) return `no scorecard ${score.scorecardId}`;
  if (card.roundId !== score.roundId || card.playerId !== score.playerId) return 'the score names another round or player than its scorecard';
  const state = facts.roundStates.get(card.roundId);
  if (!state || !SCORING_STATES.has(state)) return `the round is ${state ?? 'gone'}: scores are entered only while it is ready or in progress`;
  if (writer.role !== 'organizer' && card.playerId !== writer.playerId) {
    const mine = [...facts.scorecards.values()].find((c) => c.roundId === card.roundId && c.playerId === writer.playerId);
    if (!mine || mine.groupId === null || mine.groupId !== card.groupId) return 'players enter scores only on scorecards of their own group';
  }
  return doc._deleted ? null : checkClaim(writer, value as ScoreEntry, current, facts.now);
}

/**
 * What a device claims about a new value of a hole: who entered it and when. A value already known (the stored
 * one, or one in its history, as a merged or resolved version carries it) is no new claim and passes.
 * - `enteredBy` is the writing player; an organizer may enter a score for anyone.
 * - `enteredAt` is at most {@link MAX_CLOCK_AHEAD_MS} ahead of the server's clock.
 */
function checkClaim(writer: Writer, entry: ScoreEntry, current: Record<string, unknown> | undefined, now: Date | undefined): string | null {
  const stored = current as { history?: ScoreEntry[] } & Partial<ScoreEntry> | undefined;
  const known = stored ? [stored as ScoreEntry, ...(Array.isArray(stored.history) ? stored.history : [])] : [];
  if (known.some((k) => sameEntry(k, entry))) return null;
  if (writer.role !== 'organizer' && entry.enteredBy !== writer.playerId) return `a player enters scores as themselves: enteredBy must be ${writer.playerId}, not ${entry.enteredBy}`;
  if (now && Date.parse(entry.enteredAt) > now.getTime() + MAX_CLOCK_AHEAD_MS) {
    return `enteredAt ${entry.enteredAt} is more than ${MAX_CLOCK_AHEAD_MS / 60_000} minutes ahead of the server's clock (${now.toISOString()}): check the device's date and time`;
  }
  return null;
}

function sameEntry(a: ScoreEntry, b: ScoreEntry): boolean {
  return a.strokes === b.strokes && a.enteredBy === b.enteredBy && a.deviceId === b.deviceId && a.enteredAt === b.enteredAt;
}

/** Fields of a point game a captain may change; `_rev`/`_revisions` belong to the write itself. */
const SELECTION_FIELDS = new Set(['selections', 'updatedAt', '_rev', '_revisions', '_deleted']);

/**
 * A captain's point-game selections written through sync: the game must exist and name the writer as captain, only
 * `selections` may change, holes already confirmed stay exactly as they were, and the selections must obey the game's
 * range rule (shared/domain/games/point-game.ts). Whether each selected player has a score on the hole is checked when
 * the state is read, since the scores may not have arrived yet.
 */
function checkPointGameSelection(writer: Writer, doc: Record<string, unknown> & { _deleted?: boolean }, current: Record<string, unknown> | undefined, facts: WriteFacts): string | null {
  if (doc._deleted) return 'only organizers delete a point game';
  if (!current) return 'only organizers set up a point game';
  if (current.captainId !== writer.playerId) return 'only the team captain selects the counting scores';
  // As over REST (roundOpen): a pick made offline on a round completed meanwhile is refused, with the reason.
  if (facts.roundStates.get(String(current.roundId)) === 'completed') return 'the round is completed: the point game is closed';
  const parsed = PointGameDoc.safeParse(doc);
  if (!parsed.success) return `not a valid point game: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
  const keys = new Set([...Object.keys(doc), ...Object.keys(current)]);
  for (const key of keys) {
    if (SELECTION_FIELDS.has(key)) continue;
    if (JSON.stringify(doc[key]) !== JSON.stringify(current[key])) return `a captain changes only the selections, not ${key}`;
  }
  const before = (current.selections ?? []) as { hole: number; playerIds: string[]; confirmed: boolean }[];
  const after = parsed.data.selections;
  for (const locked of before.filter((s) => s.confirmed)) {
    const same = after.find((s) => s.hole === locked.hole);
    if (!same || !same.confirmed || JSON.stringify([...same.playerIds].sort()) !== JSON.stringify([...locked.playerIds].sort())) {
      return `hole ${locked.hole} is confirmed and locked`;
    }
  }
  const g = parsed.data;
  const state = pointGameState({ players: g.playerIds, ...g.config, netScores: {} }, g.selections);
  return state.ok ? null : `the selections break the point game's rules: ${state.failure.message}`;
}

/** A team score: valid, named `teamscore:<teamcardId>:<hole>`, on a round that is ready or in progress. */
function checkTeamScore(value: Record<string, unknown> | undefined, doc: { _id: string; _deleted?: boolean }, facts: WriteFacts): string | null {
  if (!value) return 'no such team score to delete';
  if (!doc._deleted) {
    const parsed = TeamScoreDoc.safeParse(value);
    if (!parsed.success) return `not a valid team score: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
  }
  const score = value as { teamcardId: string; hole: number; roundId: string };
  if (doc._id !== `teamscore:${score.teamcardId}:${score.hole}`) return "a team score's _id must be teamscore:<teamcardId>:<hole>";
  if (!score.teamcardId.startsWith(`${score.roundId}-`)) return 'the team score names another round than its team card';
  const state = facts.roundStates.get(score.roundId);
  if (!state || !SCORING_STATES.has(state)) return `the round is ${state ?? 'gone'}: scores are entered only while it is ready or in progress`;
  return null;
}

/**
 * A ride request written through sync: a player writes only their own, and only while it is open. Matching it to an
 * offer (`offerId`) takes a seat, which the server does over REST with its seat check, so sync never sets, changes or
 * deletes a matched request. Its departure window must not end before it starts.
 */
function checkRideRequest(writer: Writer, doc: Record<string, unknown> & { _deleted?: boolean }, current: Record<string, unknown> | undefined): string | null {
  if (writer.role !== 'organizer') {
    if (current && current.playerId !== writer.playerId) return "players change only their own ride requests";
    if (!doc._deleted && doc.playerId !== writer.playerId) return 'players ask for rides only for themselves';
  }
  if (current && current.offerId != null) return 'a matched ride request changes over REST (cancel the seat first)';
  if (doc._deleted) return null;
  if (doc.offerId != null) return 'a ride request is matched to an offer over REST, where the seats are checked';
  if (typeof doc.earliestDeparture === 'string' && typeof doc.latestDeparture === 'string' && doc.latestDeparture < doc.earliestDeparture) {
    return 'latestDeparture must not be before earliestDeparture';
  }
  return null;
}

/**
 * An expense written through sync: a player writes only expenses they paid (and cannot hand one they paid to
 * someone else, or take over another's), and the shares must be exactly what the shared split rule gives, so a
 * phone cannot book an arbitrary debt on others. The trip's currency is not known here: a foreign-currency
 * expense's converted total is taken as written, its shares checked against it.
 */
function checkExpense(writer: Writer, doc: Record<string, unknown> & { _deleted?: boolean }, current: Record<string, unknown> | undefined): string | null {
  if (writer.role !== 'organizer') {
    if (current && current.payerId !== writer.playerId) return 'players change only expenses they paid';
    if (!doc._deleted && doc.payerId !== writer.playerId) return 'players record only expenses they paid';
  }
  if (doc._deleted) return null;
  const parsed = ExpenseDoc.safeParse(doc);
  if (!parsed.success) return `not a valid expense: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
  const e = parsed.data;
  const problem = splitProblem(e.amountCents, e.split);
  if (problem) return `the split does not apply: ${problem}`;
  const own = splitExpense(e.amountCents, e.split);
  if (e.exchangeRate === null && e.tripAmountCents !== e.amountCents) return 'an expense without an exchange rate is in the trip currency: tripAmountCents must equal amountCents';
  // A foreign amount: its converted total split by the same rule as over REST (splitConverted, issue 14).
  const expected = (e.exchangeRate === null ? own : splitConverted(e.amountCents, e.tripAmountCents, e.split)).map((s) => s.cents);
  const ok = e.participants.length === own.length && own.every((s, i) => e.participants[i]!.playerId === s.playerId && e.participants[i]!.cents === expected[i]);
  return ok ? null : 'the shares are not what the split gives';
}
