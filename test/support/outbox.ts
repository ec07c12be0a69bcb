import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Api } from './client.js';

export interface OutboxMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** The messages the outbox adapter wrote under `DATA_DIR/outbox`, oldest first; optionally only those to `to`. */
export async function outbox(dataDir: string, to?: string): Promise<OutboxMail[]> {
  const dir = join(dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
  const mails = await Promise.all(names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as OutboxMail));
  return to ? mails.filter((m) => m.to === to.toLowerCase()) : mails;
}

/** The single-use code (`<id>.<secret>`) on its own line of a mail. */
export function codeIn(mail: OutboxMail): string {
  const m = /^([a-z][a-z0-9]{5,39}\.[A-Za-z0-9_-]{20,100})$/m.exec(mail.text);
  if (!m) throw new Error(`no code in mail: ${mail.text}`);
  return m[1]!;
}

/** Makes `co` a co-organizer of the trip the way a person does: the owner invites its email, `co` accepts the code. */
export async function coOrganize(owner: Api, co: { client: Api; email: string }, tripId: string): Promise<void> {
  const invite = await owner.post(`/trips/${tripId}/organizer-invites`, { email: co.email });
  if (invite.status !== 201) throw new Error(`invite failed: ${invite.status} ${invite.text}`);
  const accepted = await co.client.post('/organizer-invites/accept', { code: invite.body.code });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${accepted.text}`);
}
