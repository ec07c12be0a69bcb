/**
 * The dialog that asks to sign in again when the token expired or was revoked. It opens over the page, which stays
 * as it was (a form keeps what was typed); once signed in, the refused requests are sent again.
 */
import { Dialog } from '../../common/dialog.js';
import { SignInForm } from '../auth/sign-in-form.js';
import type { Session } from '../auth/session.js';
import { useServices } from '../screen.js';

export function ReauthDialog({ session, open }: { session: Session; open: boolean }) {
  const { session: store } = useServices();
  return (
    <Dialog id="reauth" open={open} title="Sign in again to continue" onClose={() => undefined} dismissible={false}>
      <p>Your session has ended. Sign in again and what you were doing carries on: nothing you typed is lost.</p>
      <SignInForm idPrefix="reauth" email={session.user.email} keep={session.keep} submitLabel="Sign in and continue" onSignedIn={(answer, keep) => store.signedIn(answer, keep)}>
        <button type="button" class="secondary" onClick={() => store.giveUp()}>
          Sign out instead
        </button>
      </SignInForm>
    </Dialog>
  );
}
