/** Ask for a reset code by mail. The answer is the same whether or not the email has an account. */
import { useState } from 'preact/hooks';
import { PasswordResetBody } from '../../../../shared/schemas/identity.js';
import { TextField } from '../../../common/field.js';
import { requestReset } from '../../api/auth.js';
import { href } from '../../paths.js';
import { useServices, type ScreenProps } from '../../screen.js';
import { FormProblems, useForm } from '../../ui/form.js';

const labels = { email: 'Email' };

export function ForgotPasswordScreen({ query }: ScreenProps) {
  const { api } = useServices();
  const form = useForm({ email: query.get('email') ?? '' }, labels, 'forgot');
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo) {
    return (
      <div class="narrow">
        <h1>Check your mail</h1>
        <p class="notice" role="status">
          If an account has the email {sentTo}, a reset code is on its way to it. It works for one hour.
        </p>
        <p>Open the link in the mail, or enter the code yourself:</p>
        <a class="button" href={href('resetPassword', {}, { email: sentTo })}>
          Enter the code
        </a>
      </div>
    );
  }
  return (
    <div class="narrow">
      <h1>Forgot your password?</h1>
      <p class="lead">We mail you a code to set a new one.</p>
      <form
        class="card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit((b) => PasswordResetBody.safeParse(b), { email: form.values.email.trim() }, async (body) => {
            await requestReset(api, body);
            setSentTo(body.email);
          });
        }}
      >
        <FormProblems form={form} labels={labels} />
        <TextField id={form.idOf('email')} label="Email" type="email" autoComplete="email" value={form.values.email} onValue={(v) => form.set('email', v)} errors={form.errorsAt('email')} />
        <div class="actions">
          <button type="submit" disabled={form.busy}>
            Mail me a code
          </button>
          <a href={href('signIn')}>Back to sign in</a>
        </div>
      </form>
    </div>
  );
}
