/**
 * Who organizes the trip: the owner and co-organizers (the owner removes a co-organizer; a co-organizer may leave),
 * inviting someone by mail, and the invites still pending (revocable).
 */
import { useState } from 'preact/hooks';
import { InviteBody } from '../../../../shared/schemas/identity.js';
import { Dialog } from '../../../common/dialog.js';
import { ConfirmActions } from '../../ui/confirm-actions.js';
import { TextField } from '../../../common/field.js';
import { formatDay, formatInstant } from '../../../common/format.js';
import { describeFailure } from '../../api/errors.js';
import { useInvite, useInvites, useOrganizers, useRemoveOrganizer, useRevokeInvite } from '../../api/queries.js';
import type { IssuedInvite, Organizer } from '../../api/types.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import { useServices, type TripScreenProps } from '../../screen.js';
import { flash } from '../../ui/flash.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { QueryView } from '../../ui/query-view.js';

export function OrganizersScreen({ trip, myRole }: TripScreenProps) {
  return (
    <>
      <OrganizerList tripId={trip.id} tripName={trip.name} myRole={myRole} />
      <InviteForm tripId={trip.id} zone={trip.timezone} />
      <PendingInvites tripId={trip.id} zone={trip.timezone} />
    </>
  );
}

function OrganizerList({ tripId, tripName, myRole }: { tripId: string; tripName: string; myRole: 'owner' | 'organizer' }) {
  const organizers = useOrganizers(tripId);
  const remove = useRemoveOrganizer(tripId);
  const { session } = useServices();
  const me = session.current()?.user.id;
  const [confirm, setConfirm] = useState<Organizer | null>(null);
  const leaving = confirm?.accountId === me;
  return (
    <section aria-labelledby="organizers-title">
      <h2 id="organizers-title">Organizers</h2>
      <QueryView query={organizers} loading="Loading the organizers…">
        {(o) => (
          <div class="table-wrap" tabIndex={0} role="region" aria-label="Organizers">
            <table class="table" aria-label="Organizers of the trip">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col" class="hide-narrow">Since</th>
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {o.items.map((p) => (
                  <tr key={p.accountId}>
                    <td>
                      {p.name ?? '—'}
                      {p.accountId === me ? ' (you)' : ''}
                    </td>
                    <td>{p.email ?? '—'}</td>
                    <td>{p.role === 'owner' ? 'Owner' : 'Co-organizer'}</td>
                    <td class="hide-narrow">{p.since ? formatDay(p.since.slice(0, 10)) : '—'}</td>
                    <td class="row-actions">
                      {p.role === 'organizer' && (myRole === 'owner' || p.accountId === me) ? (
                        <button type="button" class="secondary" onClick={() => setConfirm(p)} aria-label={p.accountId === me ? undefined : `Remove ${p.name ?? p.email ?? 'co-organizer'}`}>
                          {p.accountId === me ? 'Leave this trip' : 'Remove'}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryView>
      <Dialog id="remove-organizer" open={!!confirm} title={leaving ? `Leave ${tripName}?` : `Remove ${confirm?.name ?? confirm?.email ?? 'this co-organizer'}?`} onClose={() => setConfirm(null)}>
        <p>{leaving ? 'You will no longer see or change this trip. Someone who organizes it can invite you again.' : 'They lose access to the trip at once; the invites they sent and that are still pending are revoked.'}</p>
        <ConfirmActions
          error={remove.error}
          pending={remove.pending}
          confirm={leaving ? 'Leave the trip' : 'Remove'}
          cancel="Cancel"
          onCancel={() => setConfirm(null)}
          onConfirm={() =>
            remove.run(confirm!.accountId).then(() => {
              setConfirm(null);
              if (leaving) {
                flash(`You left ${tripName}.`);
                navigate(href('trips'), true);
              }
            })
          }
        />
      </Dialog>
    </section>
  );
}

const inviteLabels = { email: 'Email of the person to invite' };

/** The accept link of an invite, for passing it on by hand (`/#/invites/accept?code=…`). */
const acceptLink = (code: string) => `${location.origin}/${href('acceptInvite', {}, { code })}`;

function InviteForm({ tripId, zone }: { tripId: string; zone: string }) {
  const invite = useInvite(tripId);
  const form = useForm({ email: '' }, inviteLabels, 'invite');
  const [issued, setIssued] = useState<IssuedInvite | null>(null);
  return (
    <section class="card" aria-labelledby="invite-title">
      <h2 id="invite-title">Invite a co-organizer</h2>
      <p class="muted">They get a mail with a link; whoever opens it signs in (or creates an account) and co-organizes the trip with you.</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setIssued(null);
          void form.submit((b) => InviteBody.safeParse(b), { email: form.values.email.trim() }, async (body) => {
            setIssued(await invite.run(body));
            form.set('email', '');
          });
        }}
      >
        <FormProblems form={form} labels={inviteLabels} />
        <div class="inline-form">
          <TextField id={form.idOf('email')} label="Email of the person to invite" type="email" value={form.values.email} onValue={(v) => form.set('email', v)} errors={form.errorsAt('email')} />
          <button type="submit" disabled={form.busy}>
            Send invite
          </button>
        </div>
      </form>
      {issued ? (
        <div class={`notice${issued.mailed ? '' : ' warn'}`} role="status">
          <p>{issued.mailed ? `Invite mailed to ${issued.email}.` : `The mail to ${issued.email} could not be sent: pass this link on yourself.`} It works once, until {formatInstant(issued.expiresAt, zone)}.</p>
          <p class="copy-link">
            <span>Link:</span> <code>{acceptLink(issued.code)}</code>
            <button type="button" class="secondary" onClick={() => void navigator.clipboard?.writeText(acceptLink(issued.code)).catch(() => undefined)}>
              Copy link
            </button>
          </p>
        </div>
      ) : null}
    </section>
  );
}

function PendingInvites({ tripId, zone }: { tripId: string; zone: string }) {
  const invites = useInvites(tripId);
  const revoke = useRevokeInvite(tripId);
  return (
    <section aria-labelledby="pending-title">
      <h2 id="pending-title">Pending invites</h2>
      <QueryView query={invites} loading="Loading the invites…">
        {(i) => {
          const pending = i.items.filter((x) => x.status === 'pending');
          if (!pending.length) return <p class="muted">No invite is waiting to be accepted.</p>;
          return (
            <>
              {revoke.error ? (
                <p class="notice error" role="alert">
                  {describeFailure(revoke.error)}
                </p>
              ) : null}
              <div class="table-wrap" tabIndex={0} role="region" aria-label="Invites">
                <table class="table" aria-label="Invites not yet accepted">
                  <thead>
                    <tr>
                      <th scope="col">Sent to</th>
                      <th scope="col" class="hide-narrow">Sent</th>
                      <th scope="col">Works until</th>
                      <th scope="col">
                        <span class="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {pending.map((x) => (
                      <tr key={x.id}>
                        <td>{x.email}</td>
                        <td class="hide-narrow">{formatInstant(x.createdAt, zone)}</td>
                        <td>{formatInstant(x.expiresAt, zone)}</td>
                        <td class="row-actions">
                          <button type="button" class="secondary" disabled={revoke.pending} onClick={() => void revoke.run(x.id).catch(() => undefined)} aria-label={`Revoke the invite to ${x.email}`}>
                            Revoke
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          );
        }}
      </QueryView>
    </section>
  );
}
