/** The API's answers as the dashboard reads them: every type inferred from the schemas of `shared/`, none written twice. */
import type { z } from 'zod';
import type { AuthAnswer as AuthAnswerSchema } from '../../../shared/schemas/auth.js';
import type { AcceptedInvite as AcceptedInviteSchema, Invite as InviteSchema, IssuedInvite as IssuedInviteSchema, Organizer as OrganizerSchema } from '../../../shared/schemas/identity.js';
import type { Trip as TripSchema, TripContents as TripContentsSchema, TripListItem as TripListItemSchema } from '../../../shared/schemas/trip.js';
import type { WizardStatus as WizardStatusSchema } from '../../../shared/schemas/wizard.js';

export type Trip = z.infer<typeof TripSchema>;
export type TripListItem = z.infer<typeof TripListItemSchema>;
export type TripContents = z.infer<typeof TripContentsSchema>;
export type CopyableTrip = TripListItem & { playerCount: number; roundCount: number };
export type WizardStatus = z.infer<typeof WizardStatusSchema>;
export type AuthAnswer = z.infer<typeof AuthAnswerSchema>;
export type Invite = z.infer<typeof InviteSchema>;
export type IssuedInvite = z.infer<typeof IssuedInviteSchema>;
export type AcceptedInvite = z.infer<typeof AcceptedInviteSchema>;
export type Organizer = z.infer<typeof OrganizerSchema>;

/** A page of `GET /trips` (offset pagination: `limit`, `offset`, `total`). */
export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}
