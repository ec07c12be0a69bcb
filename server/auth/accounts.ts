import type { z } from 'zod';
import type { LoginBody, RegisterBody } from '../../shared/schemas/auth.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { StoreConflictError, type StoredDoc } from '../store/docstore.js';
import { readCached } from '../store/read-cache.js';
import { dummyHash, hashPassword, needsRehash, passwordCost, verifyPassword } from './passwords.js';

export interface AccountDoc extends StoredDoc {
  type: 'account';
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  /** Tokens this server issued to the account before this instant (epoch seconds) no longer work: set by a password reset. */
  tokensValidAfter?: number;
  createdAt: string;
  updatedAt: string;
}

/** `email:<address>` claims an address for one account; CouchDB's unique ids make a second claim a 409. */
interface EmailClaimDoc extends StoredDoc {
  type: 'emailclaim';
  accountId: string;
}

const emailKey = (email: string) => `email:${email.toLowerCase()}`;
export const accountDocId = (accountId: string) => `account:${accountId}`;

/** The account registered with this email (in any letter case), if any. */
export async function findAccountByEmail(deps: AppDeps, email: string): Promise<AccountDoc | undefined> {
  const claim = await deps.store.registry.get<EmailClaimDoc>(emailKey(email));
  return claim ? deps.store.registry.get<AccountDoc>(accountDocId(claim.accountId)) : undefined;
}

/**
 * True when the account's password was reset after this token was issued (`iat`, epoch seconds), so a token an
 * intruder held stops working at its next request. Read on every dashboard request; identity-provider accounts
 * have no record here and are never revoked by it.
 */
export async function dashboardTokenRevoked(deps: AppDeps, accountId: string, issuedAt: number): Promise<boolean> {
  // Asked on every dashboard request: kept while used (a reset made on another server counts within 2 s, read-cache.ts).
  const account = await readCached<AccountDoc>(deps.store, deps.store.registry, accountDocId(accountId));
  return account?.tokensValidAfter !== undefined && issuedAt < account.tokensValidAfter;
}

/** A registered account by id; undefined for unknown ids and for identity-provider accounts (never registered here). */
export async function getAccount(deps: AppDeps, accountId: string): Promise<AccountDoc | undefined> {
  return deps.store.registry.get<AccountDoc>(accountDocId(accountId));
}

function present(a: AccountDoc) {
  return { id: a.id, email: a.email, name: a.name, createdAt: a.createdAt };
}

export async function register(deps: AppDeps, body: z.infer<typeof RegisterBody>) {
  const email = body.email.toLowerCase();
  const id = deps.newId();
  const now = deps.now().toISOString();
  const passwordHash = await hashPassword(body.password, passwordCost(deps.config));
  try {
    await deps.store.registry.put({ _id: emailKey(email), type: 'emailclaim', accountId: id, createdAt: now, updatedAt: now } satisfies EmailClaimDoc);
  } catch (err) {
    if (err instanceof StoreConflictError) throw new AppError('email_taken', 'an account with this email already exists');
    throw err;
  }
  const account: AccountDoc = { _id: `account:${id}`, type: 'account', id, email, name: body.name, passwordHash, createdAt: now, updatedAt: now };
  try {
    await deps.store.registry.put(account);
  } catch (err) {
    // Free the address again, so a failed registration does not block a later one.
    const claim = await deps.store.registry.get(emailKey(email));
    if (claim?._rev && claim.accountId === id) await deps.store.registry.remove(claim._id, claim._rev).catch(() => undefined);
    throw err;
  }
  const { token, expiresAt } = await deps.keys.signDashboard({ sub: id, email, name: body.name });
  return { token, expiresAt, user: present(account) };
}

export async function login(deps: AppDeps, body: z.infer<typeof LoginBody>) {
  const claim = await deps.store.registry.get<EmailClaimDoc>(emailKey(body.email));
  const account = claim ? await deps.store.registry.get<AccountDoc>(`account:${claim.accountId}`) : undefined;
  // Verify against a dummy hash when the account is unknown, so the answer time does not reveal registered emails.
  const valid = await verifyPassword(body.password, account?.passwordHash ?? (await dummyHash(passwordCost(deps.config))));
  if (!account || !valid) throw new AppError('invalid_credentials', 'the email or the password is wrong');
  if (needsRehash(account.passwordHash, passwordCost(deps.config))) await rehashPassword(deps, account, body.password);
  const { token, expiresAt } = await deps.keys.signDashboard({ sub: account.id, email: account.email, name: account.name });
  return { token, expiresAt, user: present(account) };
}

/**
 * Replaces a hash made with weaker parameters than today's, now that a login has just proved the password: accounts
 * registered before the cost was raised reach it at their next login. A write that loses a race (a second login, a
 * password change) is left alone; the next login tries again.
 */
async function rehashPassword(deps: AppDeps, account: AccountDoc, password: string) {
  const passwordHash = await hashPassword(password, passwordCost(deps.config));
  try {
    await deps.store.registry.put({ ...account, passwordHash, updatedAt: deps.now().toISOString() });
  } catch (err) {
    if (!(err instanceof StoreConflictError)) throw err;
  }
}
