import { z } from 'zod';
import { daysBetween, addDays } from '../../shared/schemas/common.js';
import { PlayerInput } from '../../shared/schemas/player.js';
import { CreateRoundBody, type RoundDoc } from '../../shared/schemas/round.js';
import type { CreateTripBody, TripDoc, TripSettings } from '../../shared/schemas/trip.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { docsOfType } from '../store/docs.js';
import { listPlayers } from '../players/players.service.js';
import { tripDocId } from './trip-db.js';

/**
 * What `GET /trips/:tripId/copy` answers and `POST /trips` with `copyFromTripId` uses: the settings, players,
 * teams and round templates (course, format, tees, start time, day offset) of a trip. No scores, no money, no
 * groups (pairings belong to one trip's field).
 */
export const CopyTemplate = z.object({
  source: z.object({ id: z.string(), name: z.string() }),
  settings: z.object({
    name: z.string(),
    timezone: z.string(),
    currency: z.string(),
    destination: z.string().optional(),
    description: z.string().optional(),
    durationDays: z.number().int(),
  }),
  players: z.array(PlayerInput.omit({ role: true }).extend({ role: z.enum(['player', 'organizer']) })),
  teams: z.array(z.string()),
  rounds: z.array(z.object({ dayOffset: z.number().int(), round: CreateRoundBody.omit({ date: true, playerIds: true, groups: true, playerTees: true }) })),
});
export type CopyTemplate = z.infer<typeof CopyTemplate>;

export async function buildCopyTemplate(db: Database, tripId: string): Promise<CopyTemplate> {
  const trip = await db.get<TripDoc & StoredDoc>(tripDocId(tripId));
  if (!trip) throw new Error(`trip ${tripId} has no trip document`);
  // The same order as the trip's player list; sorting on createdAt alone left players added together in id order.
  const players = await listPlayers(db);
  const rounds = (await docsOfType<RoundDoc & StoredDoc>(db, 'round')).sort((a, b) => a.date.localeCompare(b.date) || (a.startTime ?? '').localeCompare(b.startTime ?? ''));
  return {
    source: { id: tripId, name: trip.name },
    settings: {
      name: trip.name,
      timezone: trip.timezone,
      currency: trip.currency,
      ...(trip.destination ? { destination: trip.destination } : {}),
      ...(trip.description ? { description: trip.description } : {}),
      durationDays: daysBetween(trip.startDate, trip.endDate),
    },
    players: players.map((p) => ({
      name: p.name,
      role: p.role,
      ...(p.email ? { email: p.email } : {}),
      ...(p.phone ? { phone: p.phone } : {}),
      ...(p.handicapIndex !== undefined ? { handicapIndex: p.handicapIndex } : {}),
      ...(p.team ? { team: p.team } : {}),
      ...(p.division ? { division: p.division } : {}),
      ...(p.flight ? { flight: p.flight } : {}),
      ...(p.fields ? { fields: p.fields } : {}),
    })),
    teams: [...new Set(players.map((p) => p.team).filter((t): t is string => !!t))].sort(),
    rounds: rounds.map((r) => ({
      dayOffset: daysBetween(trip.startDate, r.date),
      round: {
        name: r.name,
        format: r.format,
        ...(r.startTime ? { startTime: r.startTime } : {}),
        ...(r.course ? { course: r.course } : {}),
        ...(r.defaultTee ? { defaultTee: r.defaultTee } : {}),
      },
    })),
  };
}

/**
 * Settings of a copied trip: the body's fields win over the source's. Without an end date the copy keeps the
 * source's length from its new start date.
 */
export function applyCopyOverrides(template: CopyTemplate, body: CreateTripBody): TripSettings {
  const s = template.settings;
  const startDate = body.startDate;
  const endDate = body.endDate ?? addDays(startDate, s.durationDays);
  const settings: TripSettings = {
    name: body.name ?? `${s.name} (copy)`,
    startDate,
    endDate,
    timezone: body.timezone ?? s.timezone,
    currency: body.currency ?? s.currency,
  };
  const destination = body.destination ?? s.destination;
  const description = body.description ?? s.description;
  if (destination) settings.destination = destination;
  if (description) settings.description = description;
  return settings;
}
