import { checkEditable, checkRoundComposition, handicapSnapshot, nextRoundState, readinessProblems, roundPlayerIds, roundPlayersAfter, type RoundAction } from '../../shared/domain/rounds.js';
import type { PlayerDoc } from '../../shared/schemas/player.js';
import type { CreateRoundBody, Group, PatchRoundBody, RoundDoc, ScoreArchiveDoc, ScorecardDoc, ScoreDoc } from '../../shared/schemas/round.js';
import type { Result } from '../../shared/errors.js';
import type { AppDeps } from '../deps.js';
import { AppError, unwrap } from '../http/errors.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { docsOfType, docsWithPrefix, sharedDocsOfType, updateDoc } from '../store/docs.js';
import { pointGameCompletionProblems } from '../games/pointgames.service.js';
import { listPlayers } from '../players/players.service.js';
import { newDocFields } from '../trips/trip-db.js';
import { getRound, roundDocId } from './round-doc.js';
import { writeGroupsInPlay } from './in-play.service.js';
import { inheritTees } from './round-tees.service.js';

type Stored<T> = T & StoredDoc;

export { getRound, roundDocId };
export const scorecardId = (roundId: string, playerId: string) => `${roundId}-${playerId}`;

/** The trip's rounds in play order. `at`: as of that state, shared and frozen (`sharedDocsOfType`), for a value computed for it. */
export async function listRounds(db: Database, at?: string | number): Promise<Stored<RoundDoc>[]> {
  const rounds = at !== undefined ? [...((await sharedDocsOfType<Stored<RoundDoc>>(db, 'round', at)) as Stored<RoundDoc>[])] : await docsOfType<Stored<RoundDoc>>(db, 'round');
  return rounds.sort(byPlayOrder);
}

/** The order rounds are listed in: by date, start time, then creation. */
export function byPlayOrder(a: RoundDoc, b: RoundDoc): number {
  return a.date.localeCompare(b.date) || (a.startTime ?? '').localeCompare(b.startTime ?? '') || a.createdAt.localeCompare(b.createdAt);
}

/** Groups as stored: numbered in order, with ids that stay stable while the group keeps its place. */
function numberGroups(groups: CreateRoundBody['groups'], previous: Group[] = []): Group[] {
  return groups.map((g, i) => ({ ...g, id: previous[i]?.id ?? `g${i + 1}`, number: i + 1 }));
}

/** Builds round documents for new rounds (no checks against the trip: callers check first). */
export async function insertRounds(deps: AppDeps, db: Database, bodies: CreateRoundBody[], ids?: string[]): Promise<Stored<RoundDoc>[]> {
  const docs = bodies.map((b, i) => {
    const fields = newDocFields(deps, 'round', ids?.[i] ?? deps.newId());
    const doc: Stored<RoundDoc> = {
      ...fields,
      name: b.name ?? `Round on ${b.date}`,
      date: b.date,
      format: b.format,
      // One list of the round's players: those given, then the groups' players not listed (issue 23).
      playerIds: roundPlayerIds(b),
      groups: numberGroups(b.groups),
      playerTees: b.playerTees,
      state: 'draft',
      resetCount: 0,
    };
    if (b.startTime) doc.startTime = b.startTime;
    if (b.course) doc.course = b.course;
    if (b.defaultTee) doc.defaultTee = b.defaultTee;
    return doc;
  });
  const results = await db.bulkDocs(docs);
  const failed = results.filter((r) => r.error && !(ids && r.error === 'conflict'));
  if (failed.length > 0) throw new Error(`could not write rounds: ${failed.map((f) => `${f.id}: ${f.error}`).join('; ')}`);
  return docs.map((d, i) => ({ ...d, _rev: results[i]!.rev }));
}

/** Detail paths of a request body's problems start with 'body', like those of validation errors. */
function inBody<T>(r: Result<T>): Result<T> {
  if (r.ok) return r;
  return { ok: false, failure: { ...r.failure, details: r.failure.details?.map((d) => ({ ...d, path: ['body', ...(d.path ?? [])] })) } };
}

async function tripPlayerIds(db: Database): Promise<Set<string>> {
  return new Set((await listPlayers(db)).map((p) => p.id));
}

export async function createRound(deps: AppDeps, tripId: string, body: CreateRoundBody): Promise<Stored<RoundDoc>> {
  const db = deps.store.trip(tripId);
  unwrap(inBody(checkRoundComposition(body, await tripPlayerIds(db))));
  // Players keep the tees they had on the trip's previous round on the same course (issue 34).
  const [doc] = await insertRounds(deps, db, [inheritTees(await listRounds(db), body)]);
  return doc!;
}

export async function patchRound(deps: AppDeps, tripId: string, roundId: string, patch: PatchRoundBody): Promise<Stored<RoundDoc>> {
  const db = deps.store.trip(tripId);
  const current = await getRound(db, roundId);
  unwrap(checkEditable(current.state, Object.keys(patch)));
  const { listed, players } = roundPlayersAfter(current, patch);
  const merged = mergeRound(current, patch, deps.now().toISOString());
  // A player who leaves the round takes their own tees along (issue 34); tees given in this change are checked as given.
  if (!patch.playerTees) merged.playerTees = Object.fromEntries(Object.entries(merged.playerTees).filter(([pid]) => players.includes(pid)));
  // Checked as written (a problem is named where the request put it), stored as one list of players (issue 23).
  unwrap(inBody(checkRoundComposition({ ...merged, playerIds: listed }, await tripPlayerIds(db))));
  merged.playerIds = players;
  // Scorecards exist: groups change group by group, a started one keeps its players (issue 34, in-play.service.ts).
  if (current.state !== 'draft' && patch.groups) return writeGroupsInPlay(deps, db, current, merged);
  const updated = await updateDoc<Stored<RoundDoc>>(db, current._id, (doc) => {
    if (doc._rev !== current._rev) throw new AppError('revision_conflict', 'the round changed while this edit was checked; read it again and retry');
    return merged;
  });
  return updated!;
}

function mergeRound(doc: Stored<RoundDoc>, patch: PatchRoundBody, now: string): Stored<RoundDoc> {
  const next: Record<string, unknown> = { ...doc, updatedAt: now };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete next[k];
    else if (k === 'groups') next.groups = numberGroups(v as PatchRoundBody['groups'] & object, doc.groups);
    else next[k] = v;
  }
  return next as Stored<RoundDoc>;
}

async function scorecardsOf(db: Database, roundId: string): Promise<Stored<ScorecardDoc>[]> {
  return docsWithPrefix<Stored<ScorecardDoc>>(db, `scorecard:${roundId}-`);
}

export async function scoresOf(db: Database, roundId: string): Promise<Stored<ScoreDoc>[]> {
  return docsWithPrefix<Stored<ScoreDoc>>(db, `score:${roundId}-`);
}

export async function deleteRound(deps: AppDeps, tripId: string, roundId: string): Promise<void> {
  const db = deps.store.trip(tripId);
  const round = await getRound(db, roundId);
  const scores = await scoresOf(db, roundId);
  if (scores.length > 0) throw new AppError('round_has_scores', `round ${round.name} has ${scores.length} scores; reset keeps them archived, delete would lose them`);
  const cards = await scorecardsOf(db, roundId);
  // What scheduling keeps beside the round goes with it: how it was paired, its waves, its open tee times with their
  // places and bookings (server/scheduling/*).
  const [slots, bookings, single] = await Promise.all([
    docsWithPrefix(db, `teeslot:${roundId}-`),
    docsWithPrefix(db, `teebooking:${roundId}-`),
    Promise.all([`pairing:${roundId}`, `waves:${roundId}`, `openteetimes:${roundId}`].map((id) => db.get(id))),
  ]);
  const beside = [...slots, ...bookings, ...single.filter((d): d is StoredDoc => d !== undefined)];
  await db.bulkDocs([...cards, ...beside, round].map((d) => ({ _id: d._id, _rev: d._rev!, _deleted: true })));
}

/**
 * `PATCH …/ready`. Ready: the round needs a course and players (422 `round_not_ready` lists what is missing); one
 * scorecard per player is created with the player's handicap inputs frozen. Not ready: a ready round without scores
 * goes back to draft and its scorecards are removed.
 */
export async function setReady(deps: AppDeps, tripId: string, roundId: string, ready: boolean): Promise<Stored<RoundDoc>> {
  const db = deps.store.trip(tripId);
  const round = await getRound(db, roundId);
  if (!ready) return unready(deps, db, round);
  const to = unwrap(nextRoundState(round.state, 'ready'));
  const problems = readinessProblems(round);
  if (problems.length > 0) throw new AppError('round_not_ready', `the round cannot be ready: ${problems.map((p) => p.message).join('; ')}`, problems);
  const players = new Map((await listPlayers(db)).map((p) => [p.id, p] as const));
  unwrap(checkRoundComposition(round, new Set(players.keys())));

  const groupOf = new Map(round.groups.flatMap((g) => g.playerIds.map((p) => [p, g.id] as const)));
  const cards: Stored<ScorecardDoc>[] = roundPlayerIds(round).map((pid) => ({
    ...newDocFields(deps, 'scorecard', scorecardId(round.id, pid)),
    roundId: round.id,
    playerId: pid,
    groupId: groupOf.get(pid) ?? null,
    handicap: handicapSnapshot(round, pid, (players.get(pid) as PlayerDoc).handicapIndex),
  }));
  // Deterministic ids make this idempotent: a card left by an interrupted earlier attempt answers `conflict`.
  const results = await db.bulkDocs(cards);
  const failed = results.filter((r) => r.error && r.error !== 'conflict');
  if (failed.length > 0) throw new Error(`could not create scorecards: ${failed.map((f) => f.error).join(', ')}`);
  return transition(deps, db, round, 'ready', to);
}

async function unready(deps: AppDeps, db: Database, round: Stored<RoundDoc>) {
  const to = unwrap(nextRoundState(round.state, 'unready'));
  if ((await scoresOf(db, round.id)).length > 0) throw new AppError('round_has_scores', 'the round has scores: reset it instead');
  const cards = await scorecardsOf(db, round.id);
  if (cards.length > 0) await db.bulkDocs(cards.map((c) => ({ _id: c._id, _rev: c._rev!, _deleted: true })));
  return transition(deps, db, round, 'unready', to);
}

/** Completes a round; a point game that has not counted exactly its target keeps it open (409, per team). */
export async function completeRound(deps: AppDeps, tripId: string, roundId: string): Promise<Stored<RoundDoc>> {
  const db = deps.store.trip(tripId);
  const round = await getRound(db, roundId);
  const to = unwrap(nextRoundState(round.state, 'complete'));
  const pointGames = await pointGameCompletionProblems(db, roundId);
  if (pointGames.length > 0) {
    throw new AppError('round_state_conflict', 'a point game of this round has not counted exactly its target yet', pointGames);
  }
  return transition(deps, db, round, 'complete', to);
}

/**
 * `POST …/reset`: a started or completed round goes back to ready. Its scores are copied into a score archive
 * document first and only then removed from play, so nothing entered is destroyed.
 */
export async function resetRound(deps: AppDeps, tripId: string, roundId: string): Promise<{ round: Stored<RoundDoc>; archivedScores: number; archiveId: string | null }> {
  const db = deps.store.trip(tripId);
  const round = await getRound(db, roundId);
  const to = unwrap(nextRoundState(round.state, 'reset'));
  const scores = await scoresOf(db, roundId);
  let archiveId: string | null = null;
  if (scores.length > 0) {
    archiveId = `${roundId}-${round.resetCount + 1}`;
    const archive: Stored<ScoreArchiveDoc> = {
      ...newDocFields(deps, 'scorearchive', archiveId),
      roundId,
      reason: 'reset',
      fromState: round.state,
      scores: scores.map(({ _rev, ...s }) => s),
    };
    const [res] = await db.bulkDocs([archive]);
    if (res?.error && res.error !== 'conflict') throw new Error(`could not archive scores: ${res.error}`);
    await db.bulkDocs(scores.map((s) => ({ _id: s._id, _rev: s._rev!, _deleted: true })));
  }
  const updated = await transition(deps, db, round, 'reset', to, (d) => ({ ...d, resetCount: d.resetCount + 1 }));
  return { round: updated, archivedScores: scores.length, archiveId };
}

async function transition(
  deps: AppDeps,
  db: Database,
  round: Stored<RoundDoc>,
  action: RoundAction,
  to: RoundDoc['state'],
  extra: (d: Stored<RoundDoc>) => Stored<RoundDoc> = (d) => d,
): Promise<Stored<RoundDoc>> {
  const now = deps.now().toISOString();
  const updated = await updateDoc<Stored<RoundDoc>>(db, round._id, (doc) => {
    // Another request moved the round meanwhile: judge the action against the state it has now.
    if (doc.state !== round.state) unwrap(nextRoundState(doc.state, action));
    const next: Stored<RoundDoc> = extra({ ...doc, state: to, updatedAt: now });
    if (action === 'ready') next.readyAt = now;
    if (action === 'complete') next.completedAt = now;
    if (action === 'reset' || action === 'unready') delete next.completedAt;
    if (action === 'unready') delete next.readyAt;
    return next;
  });
  return updated!;
}
