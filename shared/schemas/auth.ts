import { z } from 'zod';
import { Email } from './common.js';

export const RegisterBody = z.strictObject({
  email: Email,
  password: z.string().min(10, 'a password has at least 10 characters').max(200),
  name: z.string().trim().min(1).max(120),
});

export const LoginBody = z.strictObject({
  email: Email,
  password: z.string().min(1).max(200),
});

export const User = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  createdAt: z.string().optional(),
});

export const AuthAnswer = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: User,
});
