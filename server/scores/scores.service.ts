import { mergeScoreVersions } from '../../shared/domain/scores.js';
import { entryOfScore } from '../../shared/domain/score-corrections.js';
import { checkSyncWrite, type WriteFacts, type Writer } from '../../shared/domain/write-rules.js';
import type { RoundDoc, ScorecardDoc, ScoreDoc, ScoreEntry } from '../../shared/schemas/round.js';
import { scoreDocId } from '../../shared/schemas/round.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { updateDoc } from '../store/docs.js';

type Stored<T> = T & StoredDoc;

/**
 * What the write rules need to judge `docs` written by `playerId`: the scorecards the scores name, the writer's own
 * card in each of those rounds (ids are `<roundId>-<playerId>`), and those rounds' states — read in one request by id,
 * so the cost follows the batch, not the size of the trip.
 */
export async function loadWriteFacts(db: Database, docs: { _id: string; scorecardId?: unknown; roundId?: unknown }[], playerId: string): Promise<WriteFacts> {
  const keys = writeFactIds(docs, playerId);
  if (keys.length === 0) return writeFactsOf([]);
  const { rows } = await db.allDocs({ keys, includeDocs: true });
  return writeFactsOf(rows.flatMap((row) => (row.doc && !row.value?.deleted ? [row.doc] : [])));
}

/** The ids of the documents {@link loadWriteFacts} reads, so a caller can read them along with others in one request. */
export function writeFactIds(docs: { _id: string; scorecardId?: unknown; roundId?: unknown }[], playerId: string): string[] {
  const cardIds = new Set<string>();
  const roundIds = new Set<string>();
  for (const d of docs) {
    // A deletion carries no fields: the score's id names its card (`score:<roundId>-<playerId>:<hole>`).
    const card = typeof d.scorecardId === 'string' ? d.scorecardId : d._id.startsWith('score:') ? d._id.split(':')[1] : undefined;
    if (card) {
      const roundId = card.split('-')[0]!;
      cardIds.add(card).add(`${roundId}-${playerId}`);
      roundIds.add(roundId);
    }
    if (typeof d.roundId === 'string') roundIds.add(d.roundId);
  }
  return [...[...cardIds].map((id) => `scorecard:${id}`), ...[...roundIds].map((id) => `round:${id}`)];
}

/** The write facts found among stored documents (those of {@link writeFactIds} that exist, and any others). */
export function writeFactsOf(docs: Iterable<{ _id: string }>): Omit<WriteFacts, 'now'> {
  const scorecards = new Map<string, { roundId: string; playerId: string; groupId: string | null }>();
  const roundStates = new Map<string, RoundDoc['state']>();
  for (const d of docs) {
    const doc = d as unknown as Stored<ScorecardDoc> | Stored<RoundDoc>;
    if (doc.type === 'scorecard') scorecards.set(doc.id, { roundId: doc.roundId, playerId: doc.playerId, groupId: doc.groupId });
    else if (doc.type === 'round') roundStates.set(doc.id, doc.state);
  }
  return { scorecards, roundStates };
}

/**
 * REST score entry (`PUT …/scores`, `POST …/scores/bulk`): the same documents and rules as a phone's sync. All or
 * nothing: every hole is checked before any is written. A hole entered again keeps its previous value in history.
 */
export async function enterScores(
  deps: AppDeps,
  db: Database,
  writer: Writer & { enteredBy: string },
  card: Stored<ScorecardDoc>,
  entries: { hole: number; strokes: number | null; deviceId?: string | undefined; enteredAt?: string | undefined }[],
  holes: number,
): Promise<Stored<ScoreDoc>[]> {
  const outOfCourse = entries.filter((e) => e.hole > holes);
  if (outOfCourse.length > 0) throw new AppError('unprocessable', `the course has ${holes} holes`, outOfCourse.map((e) => ({ path: ['body', 'hole'], message: `hole ${e.hole} is not on the course` })));
  const loaded = await loadWriteFacts(db, [{ _id: '', scorecardId: card.id, roundId: card.roundId }], writer.playerId);
  for (let attempt = 0; ; attempt++) {
    const ids = entries.map((e) => scoreDocId(card.id, e.hole));
    const existing = await Promise.all(ids.map((id) => db.get<Stored<ScoreDoc>>(id)));
    // The server's clock judges a claimed `enteredAt` as it does for a phone's sync (issue 14: no entry from the future).
    const clock = deps.now();
    const facts: WriteFacts = { ...loaded, now: clock };
    const now = clock.toISOString();
    const docs = entries.map((e, i) => {
      const prev = existing[i];
      const entry: ScoreEntry = { strokes: e.strokes, enteredBy: writer.enteredBy, deviceId: e.deviceId ?? 'web', enteredAt: e.enteredAt ?? now };
      // The previous value keeps its organizer's reason in history; the new value has none of its own (issue 14).
      const history = prev ? [...prev.history, entryOfScore(prev)] : [];
      const { reason: _replaced, ...kept } = prev ?? ({} as Partial<Stored<ScoreDoc>>);
      const doc: Stored<ScoreDoc> = {
        ...kept,
        _id: ids[i]!,
        type: 'score',
        scorecardId: card.id,
        roundId: card.roundId,
        playerId: card.playerId,
        hole: e.hole,
        ...entry,
        history,
        createdAt: prev?.createdAt ?? now,
        updatedAt: now,
      };
      if (prev?._rev) doc._rev = prev._rev;
      return doc;
    });
    const refusals = docs.map((d, i) => ({ hole: entries[i]!.hole, reason: checkSyncWrite(writer, d, existing[i], facts) })).filter((r) => r.reason);
    if (refusals.length > 0) {
      throw new AppError('forbidden', refusals[0]!.reason!, refusals.map((r) => ({ path: ['body', 'hole'], hole: r.hole, message: r.reason! })));
    }
    const results = await db.bulkDocs(docs);
    const conflicted = results.filter((r) => r.error === 'conflict');
    const failed = results.filter((r) => r.error && r.error !== 'conflict');
    if (conflicted.length === 0 && failed.length === 0) {
      await afterScoresWritten(deps, db, docs);
      return docs.map((d, i) => ({ ...d, _rev: results[i]!.rev! }));
    }
    // Undo what landed so the request stays all or nothing, then try again on fresh revisions (or give up).
    const landed = results.map((r, i) => ({ r, d: docs[i]! })).filter(({ r }) => r.ok);
    if (landed.length > 0) await db.bulkDocs(landed.map(({ r, d }) => (existing[docs.indexOf(d)] ? { ...existing[docs.indexOf(d)]!, _rev: r.rev! } : { _id: d._id, _rev: r.rev!, _deleted: true })));
    if (failed.length > 0 || attempt >= 3) throw new AppError('revision_conflict', 'the scores changed while they were written; try again');
  }
}

/**
 * Side effects of new scores: those of `check` (all written ones when not given) that carry conflicting revisions
 * once the write landed are merged, and their rounds start (ready → in_progress). The conflicts are read from the
 * store after the write, not judged from what was read before it: two requests that write one new hole at the same
 * instant each read "nothing there" before writing, and the later of the two still finds the other's branch here.
 */
export async function afterScoresWritten(deps: AppDeps, db: Database, scores: { _id: string; roundId?: unknown }[], check = scores): Promise<void> {
  const roundIds = new Set(scores.map((s) => s.roundId).filter((r): r is string => typeof r === 'string'));
  // One read after the write: the scores with their conflicts, and the rounds (only a ready one is written to).
  const scoreIds = [...new Set(check.map((s) => s._id))].filter((id) => id.startsWith('score:'));
  const keys = [...scoreIds, ...[...roundIds].map((id) => `round:${id}`)];
  const { rows } = keys.length ? await db.allDocs({ keys, includeDocs: true, conflicts: true }) : { rows: [] };
  const found = rows.filter((r) => r.doc && !r.value?.deleted);
  const conflicted = found.filter((r) => r.key.startsWith('score:') && (r.doc!._conflicts?.length ?? 0) > 0).map((r) => r.key);
  if (conflicted.length > 0) {
    // Test-only fault point (server/main.ts): a process killed here leaves the conflict for the startup sweep.
    await deps.hooks.beforeScoreMerge?.(db.name, conflicted);
    await resolveScoreConflicts(deps, db, conflicted);
  }
  // A round read as started or completed after the write needs nothing; rounds only move from ready onwards here.
  const ready = found.filter((r) => r.key.startsWith('round:') && (r.doc as Stored<RoundDoc>).state === 'ready').map((r) => r.key);
  for (const id of ready) await startRound(deps, db, id);
}

/** Round starts being written in this process, per store and round: the requests that find the round ready share one. */
const starting = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Marks a ready round in progress, once for every request of this process that asks meanwhile. At the first tee every
 * group's first score can find the round ready: each request wrote the round then, one won, the others conflicted
 * and read it again, and the database takes its writes one at a time, so each score of that first wave also waited
 * for a write of the round per request of the wave (144 in test/api/round-start-once.test.ts when the disk is slow).
 * Other servers over the same CouchDB still race for it; `updateDoc` settles that, as before.
 */
function startRound(deps: AppDeps, db: Database, id: string): Promise<unknown> {
  let rounds = starting.get(deps.store);
  if (!rounds) starting.set(deps.store, (rounds = new Map()));
  const key = `${db.name}\u0000${id}`;
  const running = rounds.get(key);
  if (running) return running;
  const started = updateDoc<Stored<RoundDoc>>(db, id, (r) =>
    r.state === 'ready' ? { ...r, state: 'in_progress', startedAt: deps.now().toISOString(), updatedAt: deps.now().toISOString() } : undefined,
  ).finally(() => rounds.delete(key));
  rounds.set(key, started);
  return started;
}

/** Rounds of read, merge and write one score may take when other merges and pushes keep landing in between. */
const MERGE_ATTEMPTS = 10;

/**
 * Merges running in this process, per store and document: one at a time per document, so two requests that both
 * found a conflict do not extend two branches each and delete each other's in lockstep (which never converges).
 */
const running = new WeakMap<object, Map<string, Promise<unknown>>>();

function oneAtATime<T>(store: object, key: string, work: () => Promise<T>): Promise<T> {
  let queues = running.get(store);
  if (!queues) running.set(store, (queues = new Map()));
  const before = queues.get(key) ?? Promise.resolve();
  const result = before.then(work, work);
  const settled = result.then(() => undefined, () => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return result;
}

/**
 * Merges every score document of `ids` that has conflicting revisions (phones edited one hole offline, or pushed it
 * at the same instant): the winner by the shared rule becomes a new revision on the winning branch, every losing
 * value goes into its history, and then the losing leaves are deleted — so every replica
 * converges on the same value and nothing is lost. Answers how many it merged.
 *
 * Idempotent, and safe when several requests or app servers run it at once on one document: a write refused as a
 * conflict means another merge (or a new revision from a phone) landed first, so it reads the leaves again and
 * merges what is there now; a merge of an already merged value changes nothing but its revision.
 */
export async function resolveScoreConflicts(deps: AppDeps, db: Database, ids: string[]): Promise<number> {
  let resolved = 0;
  for (const id of [...new Set(ids)].filter((i) => i.startsWith('score:'))) {
    try {
      if (await oneAtATime(deps.store, `${db.name}\u0000${id}`, () => mergeScore(deps, db, id))) resolved += 1;
    } catch (err) {
      deps.logger.warn('score conflict not resolved; the next write or the startup sweep retries it', { id, err: String(err) });
    }
  }
  return resolved;
}

/** One document's merge, repeated while another writer gets in first; true when this call wrote a merge. */
async function mergeScore(deps: AppDeps, db: Database, id: string): Promise<boolean> {
  for (let attempt = 0; attempt < MERGE_ATTEMPTS; attempt++) {
    const winner = await db.get<Stored<ScoreDoc>>(id, { conflicts: true });
    const losingRevs = winner?._conflicts ?? [];
    if (!winner || losingRevs.length === 0) return false;
    const leaves = await db.getOpenRevs(id, losingRevs);
    const losers = leaves.flatMap((l) => ('ok' in l && !l.ok._deleted ? [l.ok as Stored<ScoreDoc>] : []));
    const { _conflicts, _rev, ...merged } = mergeScoreVersions([winner, ...losers]);
    // First the merged value, as a new revision on the winning branch. Only once it is stored is each losing leaf
    // deleted (CouchDB: "deleting a conflicting revision"), by the exact revision read and merged: a leaf that
    // changed since is not deleted, so no value can be dropped, whatever other servers do at the same time. A crash
    // between the two steps leaves a merged winner with its old leaves beside it, which the next merge removes.
    const put = await db.bulkDocs([{ ...merged, _id: id, _rev: winner._rev!, updatedAt: deps.now().toISOString() }]);
    const failedPut = put.find((r) => r.error && r.error !== 'conflict');
    if (failedPut) throw new Error(`${failedPut.error}: ${failedPut.reason ?? ''}`);
    if (put.every((r) => !r.error)) {
      const removed = await db.bulkDocs(losingRevs.map((rev) => ({ _id: id, _rev: rev, _deleted: true })));
      const failed = removed.find((r) => r.error && r.error !== 'conflict');
      if (failed) throw new Error(`${failed.error}: ${failed.reason ?? ''}`);
      if (removed.every((r) => !r.error)) return true;
    }
    // Another app server merged or wrote in between: wait a random moment, so two servers do not retry in lockstep.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * (attempt + 1)));
  }
  throw new Error(`still conflicted after ${MERGE_ATTEMPTS} merges`);
}

/** Documents read at once by the sweep. */
const SWEEP_PAGE = 500;

/** The registry's local document holding the `_db_updates` position the last complete sweep started from. */
const SWEEP_MARK = 'score-sweep';

/**
 * Merges every conflicted score of the trips in the registry's trip index that may hold one: run at startup, so a
 * score whose write landed but whose merge did not (the process died in between, or the store failed) never stays
 * conflicted. Answers how many it merged.
 *
 * A season is a thousand trips, and reading every score of each at every start of every app server took minutes
 * (issue 36). Only the trips whose database was written since the last complete sweep started are read (CouchDB:
 * the `_db_updates` feed; the embedded store: its LevelDB files' times): the position is taken before a sweep reads
 * anything and kept once it ends, so a write made during a sweep is in the next one's set. Where the store cannot
 * tell (pouchdb-server has no `_db_updates`), or before any sweep was kept, every trip is read.
 */
export async function sweepScoreConflicts(deps: AppDeps): Promise<number> {
  const { only, position, mark } = await sweepScope(deps);
  const { rows } = await deps.store.registry.query('registry/by_type', { key: 'tripindex' });
  let merged = 0;
  for (const row of rows) {
    const tripId = row.id.slice('tripindex:'.length);
    if (only && !only.has(deps.store.tripDbName(tripId))) continue;
    if (!(await deps.store.tripExists(tripId))) continue;
    // Borrowed: a trip the sweep opened is closed after it (a season's trips are not all kept open by one restart).
    const borrowed = deps.store.borrowTrip?.(tripId);
    const db = borrowed?.db ?? deps.store.trip(tripId);
    // A trip whose conflicts were merged stays open: the merge hands its handle on (the boards it refreshes).
    let handedOn = false;
    try {
      for (let startKey = 'score:'; ; ) {
        const page = await db.allDocs({ startKey, endKey: 'score:\ufff0', includeDocs: true, conflicts: true, limit: SWEEP_PAGE + 1 });
        const conflicted = page.rows.slice(0, SWEEP_PAGE).filter((r) => (r.doc?._conflicts?.length ?? 0) > 0).map((r) => r.key);
        if (conflicted.length > 0) {
          handedOn = true;
          merged += await resolveScoreConflicts(deps, db, conflicted);
        }
        if (page.rows.length <= SWEEP_PAGE) break;
        startKey = page.rows[SWEEP_PAGE]!.key;
      }
    } finally {
      if (!handedOn) await borrowed?.release();
    }
  }
  if (position !== undefined) {
    // Another server that swept at the same time may have kept its own position: either is a complete sweep's.
    await deps.store.registry.putLocal({ _id: SWEEP_MARK, ...(mark?._rev ? { _rev: mark._rev } : {}), since: position }).catch(() => undefined);
  }
  return merged;
}

/** Which trip databases were written since the last complete sweep (undefined: every one), and the position to keep after this one. */
async function sweepScope(deps: AppDeps): Promise<{ only?: Set<string>; position?: string | number; mark?: StoredDoc }> {
  const position = await deps.store.writesPosition().catch(() => undefined);
  if (position === undefined) return {};
  const mark = await deps.store.registry.getLocal(SWEEP_MARK);
  const since = mark?.since as string | number | undefined;
  const only = since === undefined ? undefined : await deps.store.databasesWrittenSince(since).catch(() => undefined);
  return { position, ...(only ? { only } : {}), ...(mark ? { mark } : {}) };
}
