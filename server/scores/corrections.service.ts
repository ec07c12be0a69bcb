import { checkOrganizerEntries, organizerScore, type OrganizerEntry } from '../../shared/domain/score-corrections.js';
import type { CompetitionDoc } from '../../shared/schemas/competition.js';
import type { RoundDoc, ScorecardDoc, ScoreDoc, ScoreEntry } from '../../shared/schemas/round.js';
import { scoreDocId } from '../../shared/schemas/round.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import { AppError, unwrap } from '../http/errors.js';
import { applyPot, getPot } from '../money/pot.service.js';
import { listSettlements, persistPlan } from '../money/settlements.service.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { docsWithPrefix, sharedDoc } from '../store/docs.js';
import { afterScoresWritten } from './scores.service.js';

type Stored<T> = T & StoredDoc;

/** A scorecard of the trip with its round (404 `not_found` when the trip has no such card). */
export async function loadScorecard(db: Database, scorecardId: string): Promise<{ card: Stored<ScorecardDoc>; round: Readonly<Stored<RoundDoc>> }> {
  const card = await db.get<Stored<ScorecardDoc>>(`scorecard:${scorecardId}`);
  // The round is only read (its course): shared, not parsed again for every score an organizer enters.
  const round = card?.type === 'scorecard' ? await sharedDoc<Stored<RoundDoc>>(db, `round:${card.roundId}`) : undefined;
  if (!card || card.type !== 'scorecard' || !round) throw new AppError('not_found', `no scorecard ${scorecardId} on this trip`);
  return { card, round };
}

export const holesOf = (round: RoundDoc) => round.course?.holes.length ?? 18;

export async function scorecardScores(db: Database, card: Pick<ScorecardDoc, 'id'>): Promise<Stored<ScoreDoc>[]> {
  return (await docsWithPrefix<Stored<ScoreDoc>>(db, `score:${card.id}:`)).sort((a, b) => a.hole - b.hole);
}

/**
 * An organizer enters or corrects holes of any scorecard of the trip, on the same score documents phones replicate
 * (so phones pull the new value). All or nothing: every hole is checked before any is written, and a write that
 * races another is undone and tried again on the fresh values. The previous value of each changed hole goes into its
 * history with who entered it, when and why. A hole given its current strokes is left as it is.
 *
 * Results computed from scores (leaderboards, side and point games) read the stored scores, so they follow at once.
 * Money: an applied tournament pot whose competition counts this round is applied again (new standings, new payouts),
 * then a pending settlement plan that counts games and the pot (unified, or through an organizer) is planned again, which
 * replaces only pending settlements; paid and confirmed ones are never rewritten and the new plan is net of them.
 * Answers every hole asked for, changed or not, in the order given.
 */
export async function organizerEnterScores(
  deps: AppDeps,
  db: Database,
  trip: TripDoc & { id: string },
  by: { sub: string },
  card: Stored<ScorecardDoc>,
  round: Stored<RoundDoc>,
  entries: OrganizerEntry[],
): Promise<Stored<ScoreDoc>[]> {
  unwrap(checkOrganizerEntries(round.state, holesOf(round), entries));
  const fields = { type: 'score' as const, scorecardId: card.id, roundId: card.roundId, playerId: card.playerId };
  for (let attempt = 0; ; attempt++) {
    const ids = entries.map((e) => scoreDocId(card.id, e.hole));
    // One read of every hole asked for (an 18-hole card entered at once was 18 reads of CouchDB).
    const existing = (await db.allDocs({ keys: ids, includeDocs: true })).rows.map((r) => (r.doc && !r.doc._deleted ? (r.doc as Stored<ScoreDoc>) : undefined));
    const now = deps.now().toISOString();
    const next = entries.map((e, i) => {
      const entry: ScoreEntry = { strokes: e.strokes, enteredBy: `organizer:${by.sub}`, deviceId: 'dashboard', enteredAt: now, ...(e.reason ? { reason: e.reason } : {}) };
      return organizerScore(existing[i], { ...fields, _id: ids[i]!, hole: e.hole }, entry) as Stored<ScoreDoc> | undefined;
    });
    const changed = next.flatMap((d, i) => (d ? [{ doc: d, prev: existing[i] }] : []));
    if (changed.length === 0) return existing.map((d) => d!);
    const results = await db.bulkDocs(changed.map((c) => c.doc));
    const failed = results.filter((r) => r.error);
    if (failed.length === 0) {
      const written = changed.map((c, i) => ({ ...c.doc, _rev: results[i]!.rev! }));
      await afterScoresWritten(deps, db, written);
      await reapplyPot(deps, db, trip.id, round.id);
      await replanPendingSettlements(deps, db, trip);
      const byId = new Map(written.map((d) => [d._id, d]));
      return ids.map((id, i) => byId.get(id) ?? existing[i]!);
    }
    // Undo what landed so the request stays all or nothing, then try again on fresh revisions (or give up).
    const landed = results.map((r, i) => ({ r, c: changed[i]! })).filter(({ r }) => r.ok);
    if (landed.length > 0) await db.bulkDocs(landed.map(({ r, c }) => (c.prev ? { ...c.prev, _rev: r.rev! } : { _id: c.doc._id, _rev: r.rev!, _deleted: true })));
    if (failed.some((r) => r.error !== 'conflict') || attempt >= 3) throw new AppError('revision_conflict', 'the scores changed while they were written; try again');
  }
}

/**
 * Applies the tournament pot again when it was applied on standings this round counts in, so its payouts follow the
 * corrected scores. A pot that can no longer be applied (e.g. a round of its competition was reset) keeps its last
 * result, and the refusal is logged: the scores are already written.
 */
async function reapplyPot(deps: AppDeps, db: Database, tripId: string, roundId: string): Promise<void> {
  const pot = await getPot(db, tripId);
  if (!pot?.applied) return;
  const competition = await db.get<CompetitionDoc & StoredDoc>(`competition:${pot.applied.competitionId}`);
  if (!competition?.roundIds.includes(roundId)) return;
  try {
    await applyPot(deps, db, tripId);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    deps.logger.warn('tournament pot not applied again after a score correction', { tripId, code: err.code, message: err.message });
  }
}

/**
 * Plans again the pending settlement plan that counts game money (unified, or everyone through an organizer), so a
 * correction (or a game added to a completed round, issue 24) reaches the money not yet paid. `persistPlan` keeps every paid or confirmed settlement and plans net of
 * them; a plain plan counts expenses only and is left alone. The scores are already written: a plan that cannot be
 * stored now (another persist in flight) is logged, and `GET …/settlements/unified` shows the new plan regardless.
 */
export async function replanPendingSettlements(deps: AppDeps, db: Database, trip: TripDoc & { id: string }): Promise<void> {
  const pending = (await listSettlements(db)).find((s) => s.status === 'pending' && s.kind !== 'plain');
  if (!pending) return;
  for (let attempt = 0; ; attempt++) {
    try {
      await persistPlan(deps, db, trip, pending.kind, pending.organizerPlayerId);
      return;
    } catch (err) {
      if (err instanceof AppError && err.code === 'conflict' && attempt < 2) continue;
      deps.logger.warn('settlement plan not replanned after a score correction', { tripId: trip.id, kind: pending.kind, err: String(err) });
      return;
    }
  }
}
