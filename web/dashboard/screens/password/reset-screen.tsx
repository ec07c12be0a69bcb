/**
 * `/#/reset-password?email=<email>&code=<code>`: the mailed link. A new password is set with the code; with the
 * email known, the organizer is signed in with it straight away.
 */
import { PasswordResetConfirmBody } from '../../../../shared/schemas/identity.js';
import { TextField } from '../../../common/field.js';
import { confirmReset, signIn } from '../../api/auth.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import { useServices, type ScreenProps } from '../../screen.js';
import { flash } from '../../ui/flash.js';
import { FormProblems, useForm } from '../../ui/form.js';

const labels = { code: 'Reset code', password: 'New password' };

export function ResetPasswordScreen({ query }: ScreenProps) {
  const { api, session } = useServices();
  const email = query.get('email') ?? '';
  const form = useForm({ code: query.get('code') ?? '', password: '' }, labels, 'reset');
  const { values } = form;
  return (
    <div class="narrow">
      <h1>Set a new password</h1>
      {email ? <p class="lead">For the account {email}.</p> : null}
      <form
        class="card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit((b) => PasswordResetConfirmBody.safeParse(b), { code: values.code.trim(), password: values.password }, async (body) => {
            await confirmReset(api, body);
            if (email) {
              const answer = await signIn(api, { email, password: body.password }).catch(() => null);
              if (answer) {
                session.signedIn(answer, false);
                flash('Your password is changed, and you are signed in with it.');
                navigate(href('trips'), true);
                return;
              }
            }
            flash('Your password is changed. Sign in with it.');
            navigate(href('signIn'), true);
          });
        }}
      >
        <FormProblems form={form} labels={labels} />
        <TextField id={form.idOf('code')} label="Reset code" autoComplete="one-time-code" value={values.code} onValue={(v) => form.set('code', v)} errors={form.errorsAt('code')} hint="From the mail; the link fills it in." />
        <TextField id={form.idOf('password')} label="New password" type="password" autoComplete="new-password" value={values.password} onValue={(v) => form.set('password', v)} errors={form.errorsAt('password')} hint="At least 10 characters. Signed-in sessions elsewhere end when it changes." />
        <div class="actions">
          <button type="submit" disabled={form.busy}>
            Set new password
          </button>
          <a href={href('forgotPassword', {}, { email })}>Mail me a new code</a>
        </div>
      </form>
    </div>
  );
}
