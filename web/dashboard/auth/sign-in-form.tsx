/**
 * Email, password and "Keep me signed in on this computer": the sign-in page, the dialog that asks again when
 * the token expired, and the invite page all use this form.
 */
import type { ComponentChildren } from 'preact';
import { LoginBody } from '../../../shared/schemas/auth.js';
import { CheckboxField, TextField } from '../../common/field.js';
import { signIn } from '../api/auth.js';
import type { AuthAnswer } from '../api/types.js';
import { useServices } from '../screen.js';
import { FormProblems, useForm } from '../ui/form.js';

const labels = { email: 'Email', password: 'Password' };

export function SignInForm(props: { email?: string; keep?: boolean; idPrefix?: string; submitLabel?: string; onSignedIn: (answer: AuthAnswer, keep: boolean) => void; children?: ComponentChildren }) {
  const { api } = useServices();
  const prefix = props.idPrefix ?? 'signin';
  const form = useForm({ email: props.email ?? '', password: '', keep: props.keep ?? false }, labels, prefix);
  const { values } = form;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit((b) => LoginBody.safeParse(b), { email: values.email.trim(), password: values.password }, async (body) => {
          const answer = await signIn(api, body);
          props.onSignedIn(answer, values.keep);
        });
      }}
    >
      <FormProblems form={form} labels={labels} />
      <TextField id={form.idOf('email')} label="Email" type="email" autoComplete="username" value={values.email} onValue={(v) => form.set('email', v)} errors={form.errorsAt('email')} />
      <TextField id={form.idOf('password')} label="Password" type="password" autoComplete="current-password" value={values.password} onValue={(v) => form.set('password', v)} errors={form.errorsAt('password')} />
      <CheckboxField
        id={form.idOf('keep')}
        label="Keep me signed in on this computer"
        checked={values.keep}
        onValue={(v) => form.set('keep', v)}
        hint="Leave this off on a shared computer: you are then signed out when you close the browser."
      />
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Signing in…' : (props.submitLabel ?? 'Sign in')}
        </button>
        {props.children}
      </div>
    </form>
  );
}
