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
