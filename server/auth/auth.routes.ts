import { AuthAnswer, LoginBody, RegisterBody, User } from '../../shared/schemas/auth.js';
import { ErrorBody } from '../http/errors.js';
import { failedWith, limitFailures, RATE_LIMITED, rateLimit } from '../http/rate-limit.js';
import { defineRoute } from '../http/route.js';
import { login, register } from './accounts.js';

const tags = ['Auth'];

export const authRoutes = [
  defineRoute({
    method: 'post',
    path: '/auth/register',
    auth: 'public',
    summary: 'Create an organizer account and get a dashboard token',
    description:
      'For standalone installs. Passwords are kept as scrypt hashes. A registered email answers 409. Every registration counts against ' +
      "the client address's limit (`RATE_LIMIT_REGISTER`, default 50 per hour): beyond it, 429 with `Retry-After`.",
    tags,
    body: RegisterBody,
    responses: {
      201: { description: 'Account created', schema: AuthAnswer },
      409: { description: 'Email already registered', schema: ErrorBody },
      429: RATE_LIMITED,
    },
    errors: ['email_taken', 'rate_limited'],
    handler: async ({ body, deps, ctx }) => {
      await rateLimit(deps, ctx, 'register');
      return { status: 201, body: await register(deps, body) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/login',
    auth: 'public',
    summary: 'Exchange email and password for a dashboard token',
    description:
      'A wrong email and a wrong password get the same 401, so the answer does not tell which was wrong. Failed logins are counted per ' +
      'client address and account (`RATE_LIMIT_LOGIN`, default 10 per 15 minutes) and per client address over all accounts (ten times ' +
      'that); beyond either, 429 with `Retry-After`, before the password is checked. A successful login clears its account\'s count from ' +
      "that address, and failures from other addresses never hold an account's owner back.",
    tags,
    body: LoginBody,
    responses: {
      200: { description: 'Logged in', schema: AuthAnswer },
      401: { description: 'Wrong email or password', schema: ErrorBody },
      429: RATE_LIMITED,
    },
    errors: ['invalid_credentials', 'rate_limited'],
    handler: async ({ body, deps, ctx }) => {
      // Only a wrong email or password counts; a failure of ours (e.g. the store unreachable) does not.
      const isGuess = failedWith('invalid_credentials');
      return { body: await limitFailures(deps, ctx, 'login', { account: body.email, isGuess }, () => login(deps, body)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/auth/me',
    auth: 'dashboard',
    summary: 'Who the dashboard token belongs to',
    tags,
    responses: { 200: { description: 'The caller', schema: User } },
    handler: async ({ auth }) => ({ body: { id: auth.sub, email: auth.email ?? '', name: auth.name ?? '' } }),
  }),
];
