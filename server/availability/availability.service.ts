import { availabilitySummary, tripDays } from '../../shared/domain/availability/summary.js';
import type { Availability, AvailabilityDoc, AvailabilitySummary } from '../../shared/schemas/availability.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { listPlayers } from '../players/players.service.js';
import { listRounds } from '../rounds/rounds.service.js';
import { docsWithPrefix, upsertDoc } from '../store/docs.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { newDocFields } from '../trips/trip-db.js';

type StoredAvailability = AvailabilityDoc & StoredDoc;

export const availabilityDocId = (playerId: string) => `availability:${playerId}`;

export interface AnswerInput {
  playerId: string;
  days?: string[] | undefined;
  rounds?: Record<string, boolean> | undefined;
  note?: string | undefined;
}

export async function listAvailability(db: Database): Promise<StoredAvailability[]> {
  return (await docsWithPrefix<StoredAvailability>(db, 'availability:')).filter((d) => d.type === 'availability');
}

/** Every player of the trip with their answer (or none yet), in the players' order. */
export async function availabilityOfPlayers(db: Database): Promise<Availability[]> {
  const [players, answers] = await Promise.all([listPlayers(db), listAvailability(db)]);
  const byPlayer = new Map(answers.map((a) => [a.playerId, a]));
  return players.map((p) => present(p.id, byPlayer.get(p.id)));
}

export function present(playerId: string, doc: StoredAvailability | undefined): Availability {
  return {
    playerId,
    answered: doc !== undefined && (doc.days !== undefined || Object.keys(doc.rounds ?? {}).length > 0),
    days: doc?.days ?? null,
    rounds: doc?.rounds ?? {},
    note: doc?.note ?? null,
    updatedAt: doc?.updatedAt ?? null,
  };
}

/**
 * Checks answers against the trip before anything is written: players on the trip (`unknownPlayer`: 404
 * `player_not_found` for the player a path names, 422 `unknown_player` for one a body names), days within the trip's
 * dates and rounds of the trip (422 `unprocessable`), each with the path of the bad value.
 */
async function checkAnswers(
  db: Database,
  trip: TripDoc,
  inputs: AnswerInput[],
  path: (i: number) => (string | number)[],
  unknownPlayer: 'player_not_found' | 'unknown_player',
): Promise<void> {
  const [players, rounds] = await Promise.all([listPlayers(db), listRounds(db)]);
  const playerIds = new Set(players.map((p) => p.id));
  const roundIds = new Set(rounds.map((r) => r.id));
  for (const [i, input] of inputs.entries()) {
    if (!playerIds.has(input.playerId)) {
      const where = unknownPlayer === 'player_not_found' ? ['params', 'playerId'] : [...path(i), 'playerId'];
      throw new AppError(unknownPlayer, `no player ${input.playerId} on this trip`, [{ path: where, message: 'not a player of this trip' }]);
    }
    for (const [j, day] of (input.days ?? []).entries()) {
      if (day < trip.startDate || day > trip.endDate) {
        throw new AppError('unprocessable', `${day} is not a day of the trip (${trip.startDate} to ${trip.endDate})`, [{ path: [...path(i), 'days', j], message: 'outside the trip' }]);
      }
    }
    for (const roundId of Object.keys(input.rounds ?? {})) {
      if (!roundIds.has(roundId)) throw new AppError('unprocessable', `no round ${roundId} on this trip`, [{ path: [...path(i), 'rounds', roundId], message: 'not a round of this trip' }]);
    }
  }
}

/** Writes one player's answer, merged over what they said before (fields left out stay). */
function write(deps: AppDeps, db: Database, input: AnswerInput, by: AvailabilityDoc['updatedBy']): Promise<StoredAvailability> {
  return upsertDoc<StoredAvailability>(db, availabilityDocId(input.playerId), (current) => {
    const doc = current ?? ({ ...newDocFields(deps, 'availability', input.playerId), playerId: input.playerId, updatedBy: by } as StoredAvailability);
    return {
      ...doc,
      ...(input.days !== undefined ? { days: [...input.days].sort() } : {}),
      ...(input.rounds !== undefined ? { rounds: { ...doc.rounds, ...input.rounds } } : {}),
      ...(input.note !== undefined ? { note: input.note } : {}),
      updatedBy: by,
      updatedAt: deps.now().toISOString(),
    };
  });
}

/** One player's answer (a player's own, or an organizer's for anyone); the player is named by the path (404 when not on the trip). */
export async function setAvailability(deps: AppDeps, db: Database, trip: TripDoc, input: AnswerInput, by: AvailabilityDoc['updatedBy']): Promise<Availability> {
  await checkAnswers(db, trip, [input], () => ['body'], 'player_not_found');
  return present(input.playerId, await write(deps, db, input, by));
}

/** Several players' answers at once: all checked first, so one bad entry writes nothing. */
export async function setAvailabilityBulk(deps: AppDeps, db: Database, trip: TripDoc, inputs: AnswerInput[], by: AvailabilityDoc['updatedBy']): Promise<Availability[]> {
  await checkAnswers(db, trip, inputs, (i) => ['body', 'entries', i], 'unknown_player');
  const written: Availability[] = [];
  for (const input of inputs) written.push(present(input.playerId, await write(deps, db, input, by)));
  return written;
}

/** Who is available per day of the trip and per round. */
export async function summarizeAvailability(db: Database, trip: TripDoc): Promise<AvailabilitySummary> {
  const [players, rounds, answers] = await Promise.all([listPlayers(db), listRounds(db), listAvailability(db)]);
  const sortedRounds = [...rounds].sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
  return availabilitySummary({
    playerIds: players.map((p) => p.id),
    tripDays: tripDays(trip.startDate, trip.endDate),
    rounds: sortedRounds.map((r) => ({ id: r.id, name: r.name, date: r.date })),
    answers: answers.map((a) => ({ playerId: a.playerId, days: a.days, rounds: a.rounds })),
  });
}
