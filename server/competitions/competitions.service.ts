import type { CompetitionDoc, CreateCompetitionBody, PatchCompetitionBody } from '../../shared/schemas/competition.js';
import type { MatchDoc } from '../../shared/schemas/match.js';
import type { RoundDoc } from '../../shared/schemas/round.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { docsOfType, updateDoc } from '../store/docs.js';
import { newDocFields } from '../trips/trip-db.js';

type Stored<T> = T & StoredDoc;

export const competitionDocId = (competitionId: string) => `competition:${competitionId}`;

export async function listCompetitions(db: Database): Promise<Stored<CompetitionDoc>[]> {
  const docs = await docsOfType<Stored<CompetitionDoc>>(db, 'competition');
  return docs.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

export async function getCompetition(db: Database, competitionId: string): Promise<Stored<CompetitionDoc>> {
  const doc = await db.get<Stored<CompetitionDoc>>(competitionDocId(competitionId));
  if (!doc) throw new AppError('not_found', `no competition ${competitionId} on this trip`);
  return doc;
}

/** The matches of a competition (all of them, or of one round). */
export async function matchesOf(db: Database, competitionId: string, roundId?: string): Promise<Stored<MatchDoc>[]> {
  const all = await docsOfType<Stored<MatchDoc>>(db, 'match');
  return all.filter((m) => m.competitionId === competitionId && (!roundId || m.roundId === roundId));
}

/** 422 `unprocessable` (detail rule `unknown_round`) for each round id that is not a round of the trip. */
async function checkRoundIds(db: Database, roundIds: string[]): Promise<void> {
  const known = new Set((await docsOfType<Stored<RoundDoc>>(db, 'round')).map((r) => r.id));
  const problems = roundIds.flatMap((id, i) => (known.has(id) ? [] : [{ path: ['body', 'roundIds', i], message: `round ${id} is not a round of this trip`, rule: 'unknown_round' }]));
  if (problems.length > 0) throw new AppError('unprocessable', problems[0]!.message, problems);
}

export async function createCompetition(deps: AppDeps, tripId: string, body: CreateCompetitionBody): Promise<Stored<CompetitionDoc>> {
  const db = deps.store.trip(tripId);
  await checkRoundIds(db, body.roundIds);
  const doc: Stored<CompetitionDoc> = {
    ...newDocFields(deps, 'competition', deps.newId()),
    name: body.name,
    format: body.format,
    countback: body.countback,
    roundIds: body.roundIds,
  };
  if (body.allowancePercent !== undefined) doc.allowancePercent = body.allowancePercent;
  const { rev } = await db.put(doc);
  return { ...doc, _rev: rev };
}

/**
 * `PATCH …/competitions/:competitionId`. A change that would strand team matches answers 409 `conflict`: a format
 * other than `team_match` while it has matches, or dropping a round that has matches (delete those matches first).
 */
export async function patchCompetition(deps: AppDeps, tripId: string, competitionId: string, patch: PatchCompetitionBody): Promise<Stored<CompetitionDoc>> {
  const db = deps.store.trip(tripId);
  const current = await getCompetition(db, competitionId);
  if (patch.roundIds) await checkRoundIds(db, patch.roundIds);
  const matches = await matchesOf(db, competitionId);
  if (matches.length > 0 && patch.format && patch.format !== 'team_match') {
    throw new AppError('conflict', `the competition has ${matches.length} team matches; delete them before changing its format`, [{ path: ['body', 'format'], message: 'matches exist', matchIds: matches.map((m) => m.id) }]);
  }
  if (patch.roundIds) {
    const kept = new Set(patch.roundIds);
    const stranded = matches.filter((m) => !kept.has(m.roundId));
    if (stranded.length > 0) {
      throw new AppError('conflict', `${stranded.length} team matches are played in rounds the change would drop; delete them first`, [
        { path: ['body', 'roundIds'], message: 'rounds with matches', matchIds: stranded.map((m) => m.id), roundIds: [...new Set(stranded.map((m) => m.roundId))] },
      ]);
    }
  }
  const now = deps.now().toISOString();
  const updated = await updateDoc<Stored<CompetitionDoc>>(db, current._id, (doc) => {
    if (doc._rev !== current._rev) throw new AppError('revision_conflict', 'the competition changed while this edit was checked; read it again and retry');
    const next: Record<string, unknown> = { ...doc, updatedAt: now };
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete next[k];
      else if (v !== undefined) next[k] = v;
    }
    return next as Stored<CompetitionDoc>;
  });
  if (!updated) throw new AppError('not_found', `no competition ${competitionId} on this trip`);
  return updated;
}

/**
 * `DELETE …/competitions/:competitionId`, with its team matches (they mean nothing without it). A tournament pot
 * that names the competition is the money rules' concern, not a reason to refuse here.
 */
export async function deleteCompetition(deps: AppDeps, tripId: string, competitionId: string): Promise<void> {
  const db = deps.store.trip(tripId);
  const doc = await getCompetition(db, competitionId);
  const matches = await matchesOf(db, competitionId);
  const results = await db.bulkDocs([...matches, doc].map((d) => ({ _id: d._id, _rev: d._rev!, _deleted: true })));
  const failed = results.filter((r) => r.error);
  if (failed.length > 0) throw new AppError('revision_conflict', 'the competition or one of its matches changed meanwhile; read it again and retry');
}
