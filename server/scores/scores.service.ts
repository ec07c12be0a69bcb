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
  const keys = [...[...cardIds].map((id) => `scorecard:${id}`), ...[...roundIds].map((id) => `round:${id}`)];
  const scorecards = new Map<string, { roundId: string; playerId: string; groupId: string | null }>();
  const roundStates = new Map<string, RoundDoc['state']>();
  if (keys.length === 0) return { scorecards, roundStates };
  const { rows } = await db.allDocs({ keys, includeDocs: true });
  for (const row of rows) {
    const doc = row.doc as (Stored<ScorecardDoc> | Stored<RoundDoc>) | null | undefined;
    if (!doc || row.value?.deleted) continue;
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
  entries: { hole: number; strokes: number; deviceId?: string | undefined; enteredAt?: string | undefined }[],
  holes: number,
): Promise<Stored<ScoreDoc>[]> {
  const outOfCourse = entries.filter((e) => e.hole > holes);
  if (outOfCourse.length > 0) throw new AppError('unprocessable', `the course has ${holes} holes`, outOfCourse.map((e) => ({ path: ['body', 'hole'], message: `hole ${e.hole} is not on the course` })));
  const facts = await loadWriteFacts(db, [{ _id: '', scorecardId: card.id, roundId: card.roundId }], writer.playerId);
  for (let attempt = 0; ; attempt++) {
    const ids = entries.map((e) => scoreDocId(card.id, e.hole));
    const existing = await Promise.all(ids.map((id) => db.get<Stored<ScoreDoc>>(id)));
    const now = deps.now().toISOString();
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
 * Side effects of new scores: conflicting versions are merged, and their rounds start (ready → in_progress).
 * `mayConflict` names the scores whose write may have made a conflict (all of them when not given).
 */
export async function afterScoresWritten(deps: AppDeps, db: Database, scores: { _id: string; roundId?: unknown }[], mayConflict = scores): Promise<void> {
  if (mayConflict.length > 0) await resolveScoreConflicts(deps, db, mayConflict.map((s) => s._id));
  const roundIds = new Set(scores.map((s) => s.roundId).filter((r): r is string => typeof r === 'string'));
  for (const roundId of roundIds) {
    await updateDoc<Stored<RoundDoc>>(db, `round:${roundId}`, (r) =>
      r.state === 'ready' ? { ...r, state: 'in_progress', startedAt: deps.now().toISOString(), updatedAt: deps.now().toISOString() } : undefined,
    );
  }
}

/**
 * Merges every score document that has conflicting revisions (two phones edited one hole offline): the winner by
 * the shared rule becomes a new revision on the winning branch, every losing value goes into its history, and the
 * losing branches are deleted — so every replica converges on the same value and nothing is lost.
 */
export async function resolveScoreConflicts(deps: AppDeps, db: Database, ids: string[]): Promise<number> {
  let resolved = 0;
  const scoreIds = [...new Set(ids)].filter((id) => id.startsWith('score:'));
  const current = await Promise.all(scoreIds.map((id) => db.get<Stored<ScoreDoc>>(id, { conflicts: true })));
  for (const winner of current) {
    if (!winner?._conflicts?.length) continue;
    const id = winner._id;
    const leaves = await db.getOpenRevs(id, winner._conflicts);
    const losers = leaves.flatMap((l) => ('ok' in l && !l.ok._deleted ? [l.ok as Stored<ScoreDoc>] : []));
    const merged = mergeScoreVersions([winner, ...losers]);
    const { _conflicts, ...body } = merged;
    try {
      // The merged value extends the winning branch; each losing leaf is deleted by its own revision (CouchDB:
      // "deleting a conflicting revision"), so the document ends with one live leaf.
      await db.put({ ...body, _id: id, _rev: winner._rev!, updatedAt: deps.now().toISOString() });
      for (const rev of winner._conflicts) await db.remove(id, rev);
    } catch (err) {
      deps.logger.warn('score conflict not fully resolved; the next write retries it', { id, err: String(err) });
      continue;
    }
    resolved += 1;
  }
  return resolved;
}
