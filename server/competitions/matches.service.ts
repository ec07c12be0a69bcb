import { roundPlayerIds } from '../../shared/domain/rounds.js';
import type { CompetitionDoc } from '../../shared/schemas/competition.js';
import type { CreateMatchBody, MatchDoc, PatchMatchBody } from '../../shared/schemas/match.js';
import type { RoundDoc } from '../../shared/schemas/round.js';
import type { AppDeps } from '../deps.js';
import { AppError, unwrap } from '../http/errors.js';
import { listPlayers } from '../players/players.service.js';
import { roundDocId } from '../rounds/rounds.service.js';
import { StoreConflictError, type Database, type StoredDoc } from '../store/docstore.js';
import { docsOfType, updateDoc } from '../store/docs.js';
import { newDocFields } from '../trips/trip-db.js';
import { getCompetition } from './competitions.service.js';
import { checkMatchSides } from './match-rules.js';

type Stored<T> = T & StoredDoc;
type MatchFields = Pick<MatchDoc, 'roundId' | 'format' | 'sideA' | 'sideB'>;

export const matchDocId = (matchId: string) => `match:${matchId}`;

/** A competition's matches in the order of its rounds, then as created; optionally of one round. */
export async function listMatches(db: Database, competition: CompetitionDoc, roundId?: string): Promise<Stored<MatchDoc>[]> {
  const order = new Map(competition.roundIds.map((id, i) => [id, i] as const));
  const all = await docsOfType<Stored<MatchDoc>>(db, 'match');
  return all
    .filter((m) => m.competitionId === competition.id && (!roundId || m.roundId === roundId))
    .sort((a, b) => (order.get(a.roundId) ?? 1e9) - (order.get(b.roundId) ?? 1e9) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** The match, if it belongs to the competition (404 `not_found` otherwise, as for a match of another trip). */
export async function getMatch(db: Database, competitionId: string, matchId: string): Promise<Stored<MatchDoc>> {
  const doc = await db.get<Stored<MatchDoc>>(matchDocId(matchId));
  if (!doc || doc.competitionId !== competitionId) throw new AppError('not_found', `no match ${matchId} in competition ${competitionId}`);
  return doc;
}

/** Scores are locked once a round is completed, and so are the matches played in it: 409 `round_state_conflict`. */
function checkOpen(round: RoundDoc): void {
  if (round.state === 'completed') {
    throw new AppError('round_state_conflict', `round ${round.name} is completed; its matches no longer change`, [{ message: 'reset the round first', currentState: round.state, roundId: round.id }]);
  }
}

/**
 * Checks a match as it would be stored, in this order: the competition is a team match (422), the round is one of
 * its rounds (422, detail rule `unknown_round`), the round is not completed (409), then the sides (422, see
 * {@link checkMatchSides}). `exceptId` is the match being changed, which does not count against its own players.
 */
async function checkMatch(db: Database, competition: CompetitionDoc, match: MatchFields, exceptId?: string): Promise<void> {
  if (competition.format !== 'team_match') {
    throw new AppError('unprocessable', `competition ${competition.name} is ${competition.format}; matches belong to team_match competitions`, [
      { path: ['params', 'competitionId'], message: 'not a team_match competition', rule: 'not_team_match', format: competition.format },
    ]);
  }
  const round = competition.roundIds.includes(match.roundId) ? await db.get<Stored<RoundDoc>>(roundDocId(match.roundId)) : undefined;
  if (!round) {
    throw new AppError('unprocessable', `round ${match.roundId} is not a round of competition ${competition.name}`, [
      { path: ['body', 'roundId'], message: 'not one of the competition\u2019s rounds', rule: 'unknown_round', roundIds: competition.roundIds },
    ]);
  }
  checkOpen(round);
  const [players, matches] = await Promise.all([listPlayers(db), docsOfType<Stored<MatchDoc>>(db, 'match')]);
  const taken = new Map<string, string>();
  for (const m of matches) {
    if (m.roundId !== match.roundId || m.id === exceptId) continue;
    for (const pid of [...m.sideA, ...m.sideB]) taken.set(pid, m.id);
  }
  unwrap(
    checkMatchSides(match, {
      players: new Map(players.map((p) => [p.id, p] as const)),
      roundPlayerIds: new Set(roundPlayerIds(round)),
      taken,
    }),
  );
}

export async function createMatch(deps: AppDeps, tripId: string, competitionId: string, body: CreateMatchBody): Promise<Stored<MatchDoc>> {
  const db = deps.store.trip(tripId);
  const competition = await getCompetition(db, competitionId);
  await checkMatch(db, competition, body);
  const doc: Stored<MatchDoc> = {
    ...newDocFields(deps, 'match', deps.newId()),
    competitionId,
    roundId: body.roundId,
    format: body.format,
    sideA: body.sideA,
    sideB: body.sideB,
    points: body.points,
  };
  const { rev } = await db.put(doc);
  return { ...doc, _rev: rev };
}

/** `PATCH …/matches/:matchId`: the match as changed is checked as a whole; neither its old nor its new round may be completed. */
export async function patchMatch(deps: AppDeps, tripId: string, competitionId: string, matchId: string, patch: PatchMatchBody): Promise<Stored<MatchDoc>> {
  const db = deps.store.trip(tripId);
  const competition = await getCompetition(db, competitionId);
  const current = await getMatch(db, competitionId, matchId);
  const oldRound = await db.get<Stored<RoundDoc>>(roundDocId(current.roundId));
  if (oldRound) checkOpen(oldRound);
  const merged: Stored<MatchDoc> = { ...current, ...definedOnly(patch), updatedAt: deps.now().toISOString() };
  await checkMatch(db, competition, merged, matchId);
  const updated = await updateDoc<Stored<MatchDoc>>(db, current._id, (doc) => {
    if (doc._rev !== current._rev) throw new AppError('revision_conflict', 'the match changed while this edit was checked; read it again and retry');
    return merged;
  });
  if (!updated) throw new AppError('not_found', `no match ${matchId} in competition ${competitionId}`);
  return updated;
}

export async function deleteMatch(deps: AppDeps, tripId: string, competitionId: string, matchId: string): Promise<void> {
  const db = deps.store.trip(tripId);
  await getCompetition(db, competitionId);
  const match = await getMatch(db, competitionId, matchId);
  const round = await db.get<Stored<RoundDoc>>(roundDocId(match.roundId));
  if (round) checkOpen(round);
  try {
    await db.remove(match._id, match._rev!);
  } catch (err) {
    if (err instanceof StoreConflictError) throw new AppError('revision_conflict', 'the match changed meanwhile; read it again and retry');
    throw err;
  }
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
