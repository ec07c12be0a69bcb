import { z } from 'zod';
import { PasswordResetBody, PasswordResetConfirmBody } from '../../shared/schemas/identity.js';
import { failedWith, limitFailures, RATE_LIMITED, rateLimit } from '../http/rate-limit.js';
import { defineRoute } from '../http/route.js';
import { confirmReset, requestReset, RESET_TTL_MINUTES } from './reset.service.js';

const tags = ['Auth'];

const Accepted = z.object({ message: z.string() });

export const resetRoutes = [
  defineRoute({
    method: 'post',
    path: '/auth/password-reset',
    auth: 'public',
    summary: 'Mail a password reset code to an account',
    description:
      `Always 202, whether or not an account has this email, and in the same time: the answer reveals no account. When one has, a single-use code, ` +
      `valid ${RESET_TTL_MINUTES} minutes, is mailed to it with a link to the dashboard's reset screen (\`/#/reset-password?email=…&code=…\`; only the code's hash is stored); ` +
      'asking again replaces the previous code. ' +
      'Limited per client address and per email (`RATE_LIMIT_PASSWORD_RESET`, default 5 per hour): beyond it, 429 with `Retry-After`, before any mail.',
    tags,
    body: PasswordResetBody,
    responses: { 202: { description: 'Taken; a code is mailed if the email is registered', schema: Accepted }, 429: RATE_LIMITED },
    errors: ['rate_limited'],
    handler: async ({ body, deps, ctx }) => {
      // Per email whatever the address (the mails land in one inbox) and per client address (RATE_LIMIT_PASSWORD_RESET).
      await rateLimit(deps, ctx, 'passwordReset', { account: body.email });
      requestReset(deps, body.email);
      return { status: 202, body: { message: 'If an account has this email, a reset code is on its way to it.' } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/password-reset/confirm',
    auth: 'public',
    summary: 'Set a new password with a mailed reset code',
    description:
      'The code works once: a wrong or unknown code is 400 `code_invalid`, a used one 409 `code_used`, an expired one 410 `code_expired`, ' +
      'and nothing changes. The old password stops working at once, and so do the dashboard tokens this server issued to the account ' +
      'before the reset (401 `token_revoked` at their next request): whoever held one must sign in with the new password. Wrong codes count against the ' +
      "client address's `RATE_LIMIT_PASSWORD_RESET` budget (429 with `Retry-After` beyond it).",
    tags,
    body: PasswordResetConfirmBody,
    responses: { 204: { description: 'The password is changed; sign in with it' }, 429: RATE_LIMITED },
    errors: ['code_invalid', 'code_used', 'code_expired', 'rate_limited'],
    handler: async ({ body, deps, ctx }) => {
      // Wrong codes (guesses) count per client address; a success or a real code's refusal does not.
      await limitFailures(deps, ctx, 'passwordReset', { isGuess: failedWith('code_invalid') }, () => confirmReset(deps, body.code, body.password));
      return { status: 204 };
    },
  }),
];
