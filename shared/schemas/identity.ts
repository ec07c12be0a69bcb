import { z } from 'zod';
import { Email, Id } from './common.js';

/**
 * A secret code handed out once (a co-organizer invite, a password reset): `<record id>.<secret>`. The id finds
 * the record; only the SHA-256 of the secret is stored and compared.
 */
export const SecretCode = z.string().trim().min(1).max(200);

export const InviteBody = z.strictObject({
  /** Where the invite is mailed. Whoever accepts the code with their own account becomes the co-organizer. */
  email: Email,
});

export const InviteParams = z.strictObject({ tripId: Id, inviteId: Id });
export const OrganizerParams = z.strictObject({ tripId: Id, accountId: z.string().min(1).max(200) });

export const InviteStatus = z.enum(['pending', 'accepted', 'revoked', 'expired']);

export const Invite = z.object({
  id: z.string(),
  tripId: z.string(),
  email: z.string(),
  status: InviteStatus,
  expiresAt: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  acceptedAt: z.string().optional(),
  acceptedBy: z.string().optional(),
  revokedAt: z.string().optional(),
});

/** The answer to issuing an invite: the only place the code ever appears, besides the mail. */
export const IssuedInvite = Invite.extend({
  code: z.string(),
  /** False when the mail could not be sent: pass the code on yourself, or revoke the invite and issue another. */
  mailed: z.boolean(),
});

export const AcceptInviteBody = z.strictObject({ code: SecretCode });

export const AcceptedInvite = z.object({
  tripId: z.string(),
  name: z.string(),
  myRole: z.literal('organizer'),
});

export const Organizer = z.object({
  accountId: z.string(),
  email: z.string().optional(),
  name: z.string().optional(),
  role: z.enum(['owner', 'organizer']),
  /** When the account became a co-organizer (absent for the owner). */
  since: z.string().optional(),
});

export const PasswordResetBody = z.strictObject({ email: Email });

export const PasswordResetConfirmBody = z.strictObject({
  code: SecretCode,
  password: z.string().min(10, 'a password has at least 10 characters').max(200),
});

export const SendPortalLinksBody = z.strictObject({
  /** Only these players (default: every player of the trip). */
  playerIds: z.array(Id).min(1).max(500).optional(),
});

export const SendReport = z.object({
  sent: z.array(z.object({ playerId: z.string(), email: z.string(), tokenId: z.string() })),
  /** Who got no mail and why, with their name, so the answer can be read without the trip's player list. */
  skipped: z.array(z.object({ playerId: z.string(), name: z.string(), reason: z.enum(['no_email', 'mail_failed']) })),
});
