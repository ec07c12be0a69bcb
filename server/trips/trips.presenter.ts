import { z } from 'zod';
import { Trip, TripListItem, type TripDoc } from '../../shared/schemas/trip.js';
import type { TripIndexDoc } from './trip-index.js';

/** REST shape of a trip: the document without storage fields (`_id`, `_rev`, `type`). */
export function presentTrip(doc: TripDoc): z.infer<typeof Trip> {
  const { _id, _rev, type, ...rest } = doc;
  return rest;
}

/** The list item of `GET /trips` (its schema lives in `shared/` so the dashboard reads the same type). */
export const TripSummary = TripListItem;

export function presentSummary(index: TripIndexDoc, callerSub: string): z.infer<typeof TripSummary> {
  return {
    id: index.tripId,
    name: index.name,
    startDate: index.startDate,
    endDate: index.endDate,
    ...(typeof index.timezone === 'string' ? { timezone: index.timezone } : {}),
    ...(typeof index.currency === 'string' ? { currency: index.currency } : {}),
    ...(typeof index.destination === 'string' ? { destination: index.destination } : {}),
    status: index.status === 'creating' ? 'creating' : 'active',
    myRole: index.ownerId === callerSub ? 'owner' : 'organizer',
  };
}
