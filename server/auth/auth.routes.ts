import { AuthAnswer, LoginBody, RegisterBody, User } from '../../shared/schemas/auth.js';
import { ErrorBody } from '../http/errors.js';
import { defineRoute } from '../http/route.js';
import { login, register } from './accounts.js';

const tags = ['Auth'];

export const authRoutes = [
  defineRoute({
    method: 'post',
    path: '/auth/register',
    auth: 'public',
    summary: 'Create an organizer account and get a dashboard token',
    description: 'For standalone installs. Passwords are kept as scrypt hashes. A registered email answers 409.',
    tags,
    body: RegisterBody,
    responses: { 201: { description: 'Account created', schema: AuthAnswer }, 409: { description: 'Email already registered', schema: ErrorBody } },
    errors: ['email_taken'],
    handler: async ({ body, deps }) => ({ status: 201, body: await register(deps, body) }),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/login',
    auth: 'public',
    summary: 'Exchange email and password for a dashboard token',
    description: 'A wrong email and a wrong password get the same 401, so the answer does not tell which was wrong.',
    tags,
    body: LoginBody,
    responses: { 200: { description: 'Logged in', schema: AuthAnswer }, 401: { description: 'Wrong email or password', schema: ErrorBody } },
    errors: ['invalid_credentials'],
    handler: async ({ body, deps }) => ({ body: await login(deps, body) }),
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
