import { z } from 'zod';
import { evenIfOthersFail } from './checks.js';
import { Cents, DocBase, Id, Instant, IsoDate } from './common.js';
import { LocalDateTime } from './travel.js';

/**
 * Activities of a trip besides golf (a dinner, a distillery tour): when and where, a capacity, a cost per person,
 * and each player's RSVP. One document per activity, `activity:<id>`, RSVPs inside it, so a capacity check and the
 * RSVP it admits are one write.
 */

export const RsvpResponse = z.enum(['yes', 'no', 'maybe']);
export type RsvpResponse = z.infer<typeof RsvpResponse>;

export const Rsvp = z.object({ playerId: Id, response: RsvpResponse, at: Instant });
export type Rsvp = z.infer<typeof Rsvp>;

const fields = {
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(2000).optional(),
  location: z.string().trim().max(200).optional(),
  /** Local date-time in the trip's time zone, `YYYY-MM-DDTHH:MM`; its date is the activity's day. */
  start: LocalDateTime,
  /** Local date-time after `start`, when it has an end. */
  end: LocalDateTime.optional(),
  /** Most players who can say yes. */
  capacity: z.number().int().min(1).max(1000).optional(),
  /** What it costs each attendee, in the trip's currency, integer cents. */
  costPerPersonCents: Cents.min(0).max(100_000_000).optional(),
};

const endAfterStart = (a: { start?: string | undefined; end?: string | null | undefined }, ctx: z.RefinementCtx) => {
  if (a.start && a.end && a.end <= a.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'an activity must end after it starts' });
};

export const CreateActivityBody = z.strictObject(fields).superRefine(endAfterStart, evenIfOthersFail('start', 'end'));
export type CreateActivityBody = z.infer<typeof CreateActivityBody>;

/** Any field; `null` clears an optional one. */
export const PatchActivityBody = z
  .strictObject({
    name: fields.name,
    description: fields.description.unwrap().nullable(),
    location: fields.location.unwrap().nullable(),
    start: fields.start,
    end: LocalDateTime.nullable(),
    capacity: fields.capacity.unwrap().nullable(),
    costPerPersonCents: fields.costPerPersonCents.unwrap().nullable(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'give at least one field to change')
  .superRefine(endAfterStart, evenIfOthersFail('start', 'end'));
export type PatchActivityBody = z.infer<typeof PatchActivityBody>;

export const ActivityDoc = DocBase.extend({
  type: z.literal('activity'),
  id: Id,
  ...fields,
  rsvps: z.array(Rsvp),
  /** The expense made from its cost, once made. */
  expenseId: Id.nullable(),
  createdBy: z.string(),
});
export type ActivityDoc = z.infer<typeof ActivityDoc>;

export const ActivityCounts = z.object({ yes: z.number().int(), no: z.number().int(), maybe: z.number().int(), unanswered: z.number().int() });

export const Activity = z.object({
  ...fields,
  id: Id,
  tripId: Id,
  /** The day it starts, in the trip's time zone. */
  date: IsoDate,
  rsvps: z.array(Rsvp),
  counts: ActivityCounts,
  /** Places left for a yes; null without a capacity. */
  spotsLeft: z.number().int().nullable(),
  /** Cost per person × yes; null without a cost. */
  totalCostCents: Cents.nullable(),
  expenseId: Id.nullable(),
  createdAt: Instant,
  updatedAt: Instant,
});
export type Activity = z.infer<typeof Activity>;

export const ActivityList = z.object({ items: z.array(Activity) });
export const ActivitiesByDate = z.object({ days: z.array(z.object({ date: IsoDate, activities: z.array(Activity) })) });

export const ActivityStats = z.object({
  activities: z.array(
    ActivityCounts.extend({
      activityId: Id,
      name: z.string(),
      date: IsoDate,
      capacity: z.number().int().nullable(),
      fill: z.number().nullable().describe('Yes ÷ capacity as an exact ratio (not rounded; 1 when full); null without a capacity'),
      totalCostCents: Cents.nullable(),
    }),
  ),
  totals: z.object({
    activities: z.number().int(),
    yes: z.number().int(),
    attendance: z.number().nullable().describe('Yes ÷ (players × activities) as an exact ratio, 0–1 (not rounded); null with no activity or no player'),
    totalCostCents: Cents,
  }),
  players: z.array(z.object({ playerId: Id, yes: z.number().int(), maybe: z.number().int(), costCents: Cents })),
});
export type ActivityStats = z.infer<typeof ActivityStats>;

export const RsvpBody = z.strictObject({ response: RsvpResponse });
export const ActivityParams = z.strictObject({ tripId: Id, activityId: Id });
export const ActivityPlayerParams = z.strictObject({ tripId: Id, activityId: Id, playerId: Id });

export const ActivityExpenseBody = z.strictObject({
  /** Who paid for everyone. */
  payerId: Id,
  description: z.string().trim().min(1).max(500).optional(),
});
