/** Create an organizer account, then carry on where the organizer was going (an invite, say). */
import { RegisterBody } from '../../../../shared/schemas/auth.js';
import { CheckboxField, TextField } from '../../../common/field.js';
import { register } from '../../api/auth.js';
import { nextAfterSignIn } from '../../auth/next.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import { useServices, type ScreenProps } from '../../screen.js';
import { FormProblems, useForm } from '../../ui/form.js';

const labels = { name: 'Your name', email: 'Email', password: 'Password' };

export function RegisterScreen({ query }: ScreenProps) {
  const { api, session } = useServices();
  const form = useForm({ name: '', email: '', password: '', keep: false }, labels, 'register');
  const { values } = form;
  return (
    <div class="narrow">
      <h1>Create an organizer account</h1>
      <p class="lead">Golfers do not need an account: they get a link to their trip. This account is for organizing.</p>
      <form
        class="card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit((b) => RegisterBody.safeParse(b), { name: values.name, email: values.email.trim(), password: values.password }, async (body) => {
            const answer = await register(api, body);
            session.signedIn(answer, values.keep);
            navigate(nextAfterSignIn(query), true);
          });
        }}
      >
        <FormProblems form={form} labels={labels} />
        <TextField id={form.idOf('name')} label="Your name" autoComplete="name" value={values.name} onValue={(v) => form.set('name', v)} errors={form.errorsAt('name')} hint="Co-organizers and golfers see it on invites." />
        <TextField id={form.idOf('email')} label="Email" type="email" autoComplete="email" value={values.email} onValue={(v) => form.set('email', v)} errors={form.errorsAt('email')} />
        <TextField id={form.idOf('password')} label="Password" type="password" autoComplete="new-password" value={values.password} onValue={(v) => form.set('password', v)} errors={form.errorsAt('password')} hint="At least 10 characters." />
        <CheckboxField id={form.idOf('keep')} label="Keep me signed in on this computer" checked={values.keep} onValue={(v) => form.set('keep', v)} />
        <div class="actions">
          <button type="submit" disabled={form.busy}>
            {form.busy ? 'Creating your account…' : 'Create account'}
          </button>
          <span>
            Already have one? <a href={href('signIn', {}, { next: query.get('next') })}>Sign in</a>
          </span>
        </div>
      </form>
    </div>
  );
}
