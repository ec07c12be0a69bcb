/**
 * `/#/invites/accept?code=<code>`: the link of a co-organizer invite. Signed out, the organizer signs in (or
 * creates an account, and comes back here); signed in, they accept with the account shown.
 */
import { useEffect, useState } from 'preact/hooks';
import { AcceptInviteBody } from '../../../../shared/schemas/identity.js';
import { TextField } from '../../../common/field.js';
import { useAcceptInvite } from '../../api/queries.js';
import { SignInForm } from '../../auth/sign-in-form.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import { useServices, type ScreenProps } from '../../screen.js';
import { flash } from '../../ui/flash.js';
import { FormProblems, useForm } from '../../ui/form.js';

const labels = { code: 'Invite code' };

export function AcceptInviteScreen({ query }: ScreenProps) {
  const { session } = useServices();
  const [user, setUser] = useState(session.current()?.user ?? null);
  useEffect(() => session.subscribe(() => setUser(session.current()?.user ?? null)), [session]);
  const here = href('acceptInvite', {}, { code: query.get('code') });
  return (
    <div class="narrow">
      <h1>You are invited to co-organize a golf trip</h1>
      {user ? (
        <Accept code={query.get('code') ?? ''} user={user} />
      ) : (
        <>
          <p class="lead">Sign in to accept it, or create an account first if you have none. The invite works for one account.</p>
          <section class="card" aria-labelledby="invite-signin">
            <h2 id="invite-signin">Sign in</h2>
            <SignInForm idPrefix="invite" onSignedIn={(answer, keep) => session.signedIn(answer, keep)} />
          </section>
          <p>
            No account yet? <a href={href('register', {}, { next: here })}>Create an account</a>, and you come back here to accept.
          </p>
        </>
      )}
    </div>
  );
}

function Accept({ code, user }: { code: string; user: { name: string; email: string } }) {
  const { session } = useServices();
  const accept = useAcceptInvite();
  const form = useForm({ code }, labels, 'invite');
  return (
    <form
      class="card"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit((b) => AcceptInviteBody.safeParse(b), { code: form.values.code.trim() }, async (body) => {
          const trip = await accept.run(body.code);
          flash(`You now co-organize ${trip.name}.`);
          navigate(href('trip', { tripId: trip.tripId }), true);
        });
      }}
    >
      <FormProblems form={form} labels={labels} />
      <p>
        You are signed in as <strong>{user.name || user.email}</strong> ({user.email}). Accepting adds this account to the trip's organizers.
      </p>
      {code ? null : <TextField id={form.idOf('code')} label="Invite code" value={form.values.code} onValue={(v) => form.set('code', v)} errors={form.errorsAt('code')} hint="The code on its own line in the invite mail." />}
      {code && form.errorsAt('code') ? <p class="field-error" id={form.idOf('code')} tabIndex={-1}>{form.errorsAt('code')!.join(' ')}</p> : null}
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          Accept the invite
        </button>
        <button type="button" class="secondary" onClick={() => session.signOut()}>
          Not you? Sign out
        </button>
      </div>
    </form>
  );
}
