/**
 * Where a newcomer lands: sign in, or create an organizer account (both offered side by side, so someone with
 * no account sees at once what to do).
 */
import { nextAfterSignIn } from '../../auth/next.js';
import { SignInForm } from '../../auth/sign-in-form.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import { useServices, type ScreenProps } from '../../screen.js';

export function SignInScreen({ query }: ScreenProps) {
  const { session } = useServices();
  const next = query.get('next') ?? undefined;
  return (
    <>
      <h1>Organize your golf trip</h1>
      <p class="lead">Set up trips, players, courses, rounds and pairings, and send each golfer the link to their scoring app.</p>
      <div class="welcome">
        <section class="card" aria-labelledby="signin-title">
          <h2 id="signin-title">Sign in</h2>
          <SignInForm
            onSignedIn={(answer, keep) => {
              session.signedIn(answer, keep);
              navigate(nextAfterSignIn(query), true);
            }}
          />
          <p class="small">
            <a href={href('forgotPassword')}>Forgot your password?</a>
          </p>
        </section>
        <section class="card welcome-new" aria-labelledby="new-title">
          <h2 id="new-title">New here?</h2>
          <p>Create an organizer account: it takes a name, an email and a password. Then:</p>
          <ul>
            <li>create a trip in a few steps, or copy last year's;</li>
            <li>invite co-organizers to run it with you.</li>
          </ul>
          <a class="button" href={href('register', {}, { next })}>
            Create an account
          </a>
        </section>
      </div>
    </>
  );
}
