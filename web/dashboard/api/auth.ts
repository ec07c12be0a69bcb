/** The account requests (`/auth/*`): they carry no token, and their 401 is an answer, not an expired session. */
import type { z } from 'zod';
import type { LoginBody, RegisterBody } from '../../../shared/schemas/auth.js';
import type { PasswordResetBody, PasswordResetConfirmBody } from '../../../shared/schemas/identity.js';
import type { ApiClient } from './client.js';
import type { AuthAnswer } from './types.js';

const anonymous = { anonymous: true };

export const signIn = (api: ApiClient, body: z.infer<typeof LoginBody>) => api.post<AuthAnswer>('/auth/login', body, anonymous);
export const register = (api: ApiClient, body: z.infer<typeof RegisterBody>) => api.post<AuthAnswer>('/auth/register', body, anonymous);
export const requestReset = (api: ApiClient, body: z.infer<typeof PasswordResetBody>) => api.post<{ message: string }>('/auth/password-reset', body, anonymous);
export const confirmReset = (api: ApiClient, body: z.infer<typeof PasswordResetConfirmBody>) => api.post<void>('/auth/password-reset/confirm', body, anonymous);
