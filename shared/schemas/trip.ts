import { z } from 'zod';
import { evenIfOthersFail } from './checks.js';
import { Currency, DocBase, Id, IsoDate, TimeZone } from './common.js';

const tripFields = {
  name: z.string().trim().min(1).max(200),
  startDate: IsoDate,
  endDate: IsoDate,
  timezone: TimeZone,
  currency: Currency,
  destination: z.string().trim().max(200).optional(),
  description: z.string().trim().max(5000).optional(),
};

const endNotBeforeStart = (t: { startDate?: string; endDate?: string }) =>
  !t.startDate || !t.endDate || t.endDate >= t.startDate;
const endMessage = { message: 'endDate must not be before startDate', path: ['endDate'] };

/** What an organizer may choose about a trip: the body of `POST /trips` without copy options. */
export const TripSettings = z.strictObject(tripFields);
export type TripSettings = z.infer<typeof TripSettings>;

/** Which parts of a source trip `POST /trips` copies when `copyFromTripId` is given. */
export const CopyInclude = z.strictObject({
  players: z.boolean().default(true),
  rounds: z.boolean().default(true),
  teams: z.boolean().default(true),
});

/**
 * Body of `POST /trips`. With `copyFromTripId` the settings, players, teams and round templates of that trip are
 * copied (no scores, no money); the fields given here override the copied settings, and round dates keep their
 * offset from the trip's start date.
 */
export const CreateTripBody = z
  .strictObject({
    ...tripFields,
    name: tripFields.name.optional(),
    endDate: tripFields.endDate.optional(),
    timezone: tripFields.timezone.optional(),
    currency: tripFields.currency.optional(),
    copyFromTripId: Id.optional(),
    include: CopyInclude.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.copyFromTripId) return;
    // One issue per missing field, at its own path, so a client can point at the field.
    for (const field of ['name', 'endDate', 'timezone', 'currency'] as const) {
      if (b[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `${field} is required unless copyFromTripId is given` });
    }
  }, evenIfOthersFail())
  .refine(endNotBeforeStart, { ...endMessage, ...evenIfOthersFail('startDate', 'endDate') })
  // The rule above, in the JSON Schema of /openapi.json: a copy, or every field a new trip needs.
  .meta({ anyOf: [{ required: ['copyFromTripId'] }, { required: ['name', 'endDate', 'timezone', 'currency'] }] });
export type CreateTripBody = z.infer<typeof CreateTripBody>;

export const PatchTripBody = z
  .strictObject({
    name: tripFields.name,
    startDate: IsoDate,
    endDate: IsoDate,
    timezone: TimeZone,
    currency: Currency,
    destination: tripFields.destination.unwrap().nullable(),
    description: tripFields.description.unwrap().nullable(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'give at least one field to change')
  .refine(endNotBeforeStart, { ...endMessage, ...evenIfOthersFail('startDate', 'endDate') });
export type PatchTripBody = z.infer<typeof PatchTripBody>;

/** The trip document, `trip:<tripId>`, one per trip database. */
export const TripDoc = DocBase.extend({
  type: z.literal('trip'),
  id: Id,
  ...tripFields,
  ownerId: z.string(),
  copiedFrom: Id.optional(),
});
export type TripDoc = z.infer<typeof TripDoc>;

/** A trip as the REST API shows it. */
export const Trip = z.object({
  id: Id,
  ...tripFields,
  ownerId: z.string(),
  copiedFrom: Id.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Trip = z.infer<typeof Trip>;

export const TripIdParams = z.strictObject({ tripId: Id });

/** One trip in the caller's list (`GET /trips`): what the trip index knows, and the caller's role on it. */
export const TripListItem = z.object({
  id: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  timezone: z.string().optional(),
  currency: z.string().optional(),
  destination: z.string().optional(),
  status: z.enum(['creating', 'active']),
  myRole: z.enum(['owner', 'organizer']),
});
export type TripListItem = z.infer<typeof TripListItem>;

const count = z.number().int().min(0);

/**
 * What a trip holds (`GET /trips/:tripId/contents`): how many of each kind of record deleting it would remove, so
 * a confirmation can name what is lost ("16 players, 2 rounds, 540 scores…").
 */
export const TripContents = z.object({
  players: count,
  rounds: count,
  scores: count.meta({ description: 'Per-hole scores entered, over every round' }),
  expenses: count,
  receipts: count,
  settlements: count,
  wagers: count,
  reports: count,
  activities: count,
  competitions: count,
  travel: count.meta({ description: 'Flights, rental cars and accommodations' }),
  coOrganizers: count.meta({ description: 'Accounts that co-organize the trip besides its owner' }),
});
export type TripContents = z.infer<typeof TripContents>;
