import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { mailBase } from '../http/origin.js';
import { composeMail, mailTime } from '../mail/compose.js';
import type { StoredDoc } from '../store/docstore.js';
import { updateDoc } from '../store/docs.js';
import { accountDocId, findAccountByEmail, type AccountDoc } from './accounts.js';
import { hashPassword, passwordCost } from './passwords.js';
import { newSecretCode, secretMatches, splitSecretCode } from './secret-codes.js';

/** How long a reset code works. */
export const RESET_TTL_MINUTES = 60;

/**
 * The account's pending password reset, `pwreset:<accountId>`: one per account, so asking again replaces the
 * previous code (only the latest mail works). Only the hash of the secret is kept.
 */
interface ResetDoc extends StoredDoc {
  type: 'passwordreset';
  accountId: string;
  secretHash: string;
  expiresAt: string;
  usedAt?: string;
  createdAt: string;
  updatedAt: string;
}

const resetDocId = (accountId: string) => `pwreset:${accountId}`;

/**
 * Starts a reset for whoever has this email. The work runs after the answer, so the answer (always 202) and its
 * timing are the same whether or not the address is registered.
 */
export function requestReset(deps: AppDeps, email: string): void {
  const work = sendReset(deps, email).catch((err: unknown) => deps.logger.error('password reset failed', { err: String(err) }));
  deps.background.add(work);
  void work.finally(() => deps.background.delete(work));
}

async function sendReset(deps: AppDeps, email: string): Promise<void> {
  const account = await findAccountByEmail(deps, email);
  if (!account) return;
  const now = deps.now();
  const { code, secretHash } = newSecretCode(account.id);
  const expiresAt = new Date(now.getTime() + RESET_TTL_MINUTES * 60_000).toISOString();
  const id = resetDocId(account.id);
  for (let attempt = 0; ; attempt++) {
    const current = await deps.store.registry.get<ResetDoc>(id);
    const doc: ResetDoc = { _id: id, ...(current?._rev ? { _rev: current._rev } : {}), type: 'passwordreset', accountId: account.id, secretHash, expiresAt, createdAt: now.toISOString(), updatedAt: now.toISOString() };
    try {
      await deps.store.registry.put(doc);
      break;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
  await deps.mailer.send({ to: account.email, subject: 'Reset your golf trips password', ...resetMail(mailBase(deps), account.email, code, expiresAt) });
}

/**
 * The reset mail: a link to the dashboard's reset screen (`/#/reset-password?email=…&code=…`, a hash route of the
 * dashboard served at `/`, so neither the address nor the code reaches a server log), and the code on its own line
 * for typing into that screen.
 */
function resetMail(base: string, email: string, code: string, expiresAt: string) {
  return composeMail([
    `Someone (we hope you) asked to reset the password of the golf trips account ${email}.`,
    'Open this link to choose a new password:',
    { link: `${base}/#/reset-password?email=${encodeURIComponent(email)}&code=${encodeURIComponent(code)}`, label: 'Choose a new password' },
    'Or type this code on the dashboard\'s password reset screen:',
    { code },
    `The link and the code work once, until ${mailTime(expiresAt)} (${RESET_TTL_MINUTES} minutes after you asked). If you did not ask for a reset, ignore this mail: your password stays as it is.`,
  ]);
}

/**
 * Sets a new password with a reset code. The code is used up in the same write that checks it, so two
 * confirmations at once cannot both succeed. Unknown and wrong codes look alike (400 `code_invalid`).
 */
export async function confirmReset(deps: AppDeps, code: string, password: string): Promise<void> {
  const invalid = () => new AppError('code_invalid', 'this reset code is not valid; ask for a new one', [{ path: ['body', 'code'], message: 'not a valid reset code' }]);
  const parts = splitSecretCode(code);
  if (!parts) throw invalid();
  const reset = await deps.store.registry.get<ResetDoc>(resetDocId(parts.recordId));
  if (!reset || reset.type !== 'passwordreset' || !secretMatches(parts.secret, reset.secretHash)) throw invalid();
  if (reset.usedAt) throw new AppError('code_used', 'this reset code was already used; ask for a new one');
  const now = deps.now();
  if (Date.parse(reset.expiresAt) <= now.getTime()) throw new AppError('code_expired', 'this reset code has expired; ask for a new one');
  const passwordHash = await hashPassword(password, passwordCost(deps.config));
  await updateDoc<ResetDoc>(deps.store.registry, reset._id, (r) => {
    if (r.secretHash !== reset.secretHash) throw invalid();
    if (r.usedAt) throw new AppError('code_used', 'this reset code was already used; ask for a new one');
    return { ...r, usedAt: now.toISOString(), updatedAt: now.toISOString() };
  });
  const updated = await updateDoc<AccountDoc>(deps.store.registry, accountDocId(reset.accountId), (a) => ({ ...a, passwordHash, tokensValidAfter: Math.floor(now.getTime() / 1000), updatedAt: now.toISOString() }));
  if (!updated) throw invalid();
  deps.logger.info('password reset', { accountId: reset.accountId });
}
