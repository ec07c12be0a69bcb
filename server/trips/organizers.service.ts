import type { z } from 'zod';
import type { Invite, IssuedInvite, Organizer } from '../../shared/schemas/identity.js';
import { getAccount } from '../auth/accounts.js';
import { newSecretCode, secretMatches, splitSecretCode } from '../auth/secret-codes.js';
import type { AppDeps } from '../deps.js';
import type { DashboardPrincipal } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { mailBase } from '../http/origin.js';
import { composeMail, mailTime } from '../mail/compose.js';
import type { StoredDoc } from '../store/docstore.js';
import { updateDoc } from '../store/docs.js';
import { canOrganize, isCoOrganizer, isOwner, tripIndexId, type CoOrganizer, type TripIndexDoc } from './trip-index.js';

/** How long an invite may be accepted. */
export const INVITE_TTL_DAYS = 7;

/**
 * An invite to co-organize a trip, `orginvite:<id>` in the registry. Only the hash of its secret is kept; the code
 * (`<id>.<secret>`) is mailed to `email` and answered once to the organizer who issued it.
 */
export interface InviteDoc extends StoredDoc {
  type: 'organizerinvite';
  id: string;
  tripId: string;
  email: string;
  secretHash: string;
  expiresAt: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  acceptedAt?: string;
  acceptedBy?: string;
  revokedAt?: string;
}

const inviteDocId = (id: string) => `orginvite:${id}`;

function inviteStatus(i: InviteDoc, now: Date): z.infer<typeof Invite>['status'] {
  if (i.acceptedAt) return 'accepted';
  if (i.revokedAt) return 'revoked';
  if (Date.parse(i.expiresAt) <= now.getTime()) return 'expired';
  return 'pending';
}

function presentInvite(i: InviteDoc, now: Date): z.infer<typeof Invite> {
  return {
    id: i.id,
    tripId: i.tripId,
    email: i.email,
    status: inviteStatus(i, now),
    expiresAt: i.expiresAt,
    createdBy: i.createdBy,
    createdAt: i.createdAt,
    ...(i.acceptedAt ? { acceptedAt: i.acceptedAt } : {}),
    ...(i.acceptedBy ? { acceptedBy: i.acceptedBy } : {}),
    ...(i.revokedAt ? { revokedAt: i.revokedAt } : {}),
  };
}

/**
 * Issues an invite and mails its code. The code is answered once to the issuer as well, so an invite whose mail
 * could not be sent (`mailed: false`) can still be passed on by hand.
 */
export async function issueInvite(deps: AppDeps, index: TripIndexDoc, who: DashboardPrincipal, email: string): Promise<z.infer<typeof IssuedInvite>> {
  const now = deps.now();
  const id = deps.newId();
  const { code, secretHash } = newSecretCode(id);
  const doc: InviteDoc = {
    _id: inviteDocId(id),
    type: 'organizerinvite',
    id,
    tripId: index.tripId,
    email: email.toLowerCase(),
    secretHash,
    expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000).toISOString(),
    createdBy: who.sub,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await deps.store.registry.put(doc);
  let mailed = true;
  try {
    await deps.mailer.send({ to: doc.email, subject: `Co-organize ${index.name}`, ...inviteMail(deps, index, who, doc, code) });
  } catch (err) {
    mailed = false;
    deps.logger.warn('could not mail a co-organizer invite', { tripId: index.tripId, inviteId: id, err: String(err) });
  }
  return { ...presentInvite(doc, now), code, mailed };
}

/**
 * The invite mail: who invites whom to what, what accepting gives, and a link to the dashboard's accept screen
 * (`/#/invites/accept?code=…`, a hash route of the dashboard served at `/`) that works once the invitee is signed
 * in. The code stands on its own line too, for typing where the link cannot be opened.
 */
function inviteMail(deps: AppDeps, index: TripIndexDoc, who: DashboardPrincipal, invite: InviteDoc, code: string) {
  const inviter = who.name ?? who.email ?? 'An organizer';
  const base = mailBase(deps);
  return composeMail([
    'Hello,',
    `${inviter} invites you to co-organize the golf trip ${index.name} (${index.startDate} to ${index.endDate}).`,
    `Accepting makes you an organizer of ${index.name} together with ${who.name ?? who.email ?? 'its other organizers'}: you see and manage its players, rounds and pairings, scores and money, as they do (only its owner can delete the trip or remove co-organizers).`,
    `First sign in to the dashboard at ${base}/, or create an account there with this address (${invite.email}). Then open this link to accept:`,
    { link: `${base}/#/invites/accept?code=${encodeURIComponent(code)}`, label: `Accept the invite to ${index.name}` },
    'If the dashboard asks for the invite code, it is:',
    { code },
    `The invite works once, for one account, until ${mailTime(invite.expiresAt)}. If you did not expect it, ignore this mail: nothing changes.`,
  ]);
}

export async function listInvites(deps: AppDeps, index: TripIndexDoc): Promise<z.infer<typeof Invite>[]> {
  const { rows } = await deps.store.registry.query('registry/organizer_invites_by_trip', { startKey: [index.tripId], endKey: [index.tripId, {}], includeDocs: true });
  const now = deps.now();
  return rows.map((r) => presentInvite(r.doc as InviteDoc, now));
}

/** Revokes a pending invite; revoking twice is harmless, an accepted invite is 409 (remove the co-organizer instead). */
export async function revokeInvite(deps: AppDeps, index: TripIndexDoc, inviteId: string): Promise<void> {
  const current = await deps.store.registry.get<InviteDoc>(inviteDocId(inviteId));
  if (!current || current.tripId !== index.tripId) throw new AppError('not_found', `no invite ${inviteId} on this trip`);
  await updateDoc<InviteDoc>(deps.store.registry, current._id, (i) => {
    if (i.revokedAt) return undefined;
    if (i.acceptedAt) throw new AppError('conflict', 'the invite was accepted; remove the co-organizer instead');
    return { ...i, revokedAt: deps.now().toISOString(), updatedAt: deps.now().toISOString() };
  });
}

/**
 * Accepts an invite for the signed-in account: the invite is used up first (a second acceptance, even at the same
 * moment, finds it used), then the account id joins the trip's co-organizers. Unknown, revoked and wrong codes look
 * alike (400 `code_invalid`); only the holder of the right secret learns that it expired or was used.
 */
export async function acceptInvite(deps: AppDeps, who: DashboardPrincipal, code: string) {
  const invalid = () => new AppError('code_invalid', 'this invite code is not valid; ask for a new invite', [{ path: ['body', 'code'], message: 'not a valid invite code' }]);
  const parts = splitSecretCode(code);
  if (!parts) throw invalid();
  const invite = await deps.store.registry.get<InviteDoc>(inviteDocId(parts.recordId));
  if (!invite || invite.type !== 'organizerinvite' || !secretMatches(parts.secret, invite.secretHash) || invite.revokedAt) throw invalid();
  if (invite.acceptedAt) throw new AppError('code_used', 'this invite was already accepted');
  const now = deps.now();
  if (Date.parse(invite.expiresAt) <= now.getTime()) throw new AppError('code_expired', 'this invite has expired; ask for a new one');
  const index = await deps.store.registry.get<TripIndexDoc>(tripIndexId(invite.tripId));
  if (!index || index.status === 'deleting') throw invalid();
  if (canOrganize(index, who)) throw new AppError('already_organizer', 'you already organize this trip; the invite is left for someone else');
  await updateDoc<InviteDoc>(deps.store.registry, invite._id, (i) => {
    if (i.acceptedAt) throw new AppError('code_used', 'this invite was already accepted');
    if (i.revokedAt) throw invalid();
    return { ...i, acceptedAt: now.toISOString(), acceptedBy: who.sub, updatedAt: now.toISOString() };
  });
  const entry: CoOrganizer = {
    accountId: who.sub,
    ...(who.email ? { email: who.email } : {}),
    ...(who.name ? { name: who.name } : {}),
    since: now.toISOString(),
    via: invite.id,
  };
  const updated = await updateDoc<TripIndexDoc>(deps.store.registry, index._id, (d) =>
    isCoOrganizer(d, who.sub) ? undefined : { ...d, coOrganizers: [...(d.coOrganizers ?? []), entry], updatedAt: now.toISOString() },
  );
  return { tripId: index.tripId, name: (updated ?? index).name, myRole: 'organizer' as const };
}

/** The owner first, then the co-organizers in the order they joined. */
export async function listOrganizers(deps: AppDeps, index: TripIndexDoc): Promise<z.infer<typeof Organizer>[]> {
  const owner = await getAccount(deps, index.ownerId);
  return [
    { accountId: index.ownerId, ...(owner ? { email: owner.email, name: owner.name } : {}), role: 'owner' },
    ...(index.coOrganizers ?? []).map((c) => ({
      accountId: c.accountId,
      ...(c.email ? { email: c.email } : {}),
      ...(c.name ? { name: c.name } : {}),
      role: 'organizer' as const,
      since: c.since,
    })),
  ];
}

/**
 * Removes a co-organizer: the owner removes anyone, a co-organizer only themselves (leaving the trip). Access is
 * read from the trip index on every request, so it ends at the account's next request. The pending invites that
 * account issued for the trip are revoked too, so it cannot come back through an invite it sent itself.
 */
export async function removeCoOrganizer(deps: AppDeps, index: TripIndexDoc, who: DashboardPrincipal, accountId: string): Promise<void> {
  if (!isOwner(index, who) && who.sub !== accountId) throw new AppError('forbidden', 'only the trip owner may remove another co-organizer');
  if (!isCoOrganizer(index, accountId)) {
    throw new AppError('not_found', accountId === index.ownerId ? 'the owner is not a co-organizer and cannot be removed' : `no co-organizer ${accountId} on this trip`);
  }
  const now = deps.now().toISOString();
  await updateDoc<TripIndexDoc>(deps.store.registry, index._id, (d) =>
    isCoOrganizer(d, accountId) ? { ...d, coOrganizers: (d.coOrganizers ?? []).filter((c) => c.accountId !== accountId), updatedAt: now } : undefined,
  );
  for (const invite of await listInvites(deps, index)) {
    if (invite.createdBy === accountId && invite.status === 'pending') await revokeInvite(deps, index, invite.id);
  }
}

/**
 * The co-organizers a copy of `source` starts with: the source's own, except the account making the copy (its
 * owner). The group that organized last year's trip keeps organizing its copy; nobody else gains access.
 */
export function carriedCoOrganizers(source: TripIndexDoc, newOwnerId: string, now: Date): CoOrganizer[] {
  return (source.coOrganizers ?? [])
    .filter((c) => c.accountId !== newOwnerId)
    .map((c) => ({ ...c, since: now.toISOString(), via: `copy:${source.tripId}` }));
}
