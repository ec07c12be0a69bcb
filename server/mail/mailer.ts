import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';

/** One outgoing message. Plain text always; HTML optional. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The mail port: the app only ever sends through this. */
export interface Mailer {
  /** Which adapter: `smtp` (SMTP_URL) or `outbox` (files under DATA_DIR/outbox). */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<{ id: string }>;
  close(): Promise<void>;
}

/**
 * The default adapter: each message is written as one JSON file to `DATA_DIR/outbox` and logged, so a laptop run
 * needs no mail server and a developer can open the links it would have sent.
 */
export function outboxMailer(dir: string, from: string, logger: Logger, newId: () => string): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await mkdir(dir, { recursive: true });
      const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}`;
      await writeFile(join(dir, `${id}.json`), `${JSON.stringify({ id, from, ...message }, null, 2)}\n`, { flag: 'wx' });
      logger.info('mail written to the outbox', { id, to: message.to, subject: message.subject });
      return { id };
    },
    async close() {},
  };
}

/** The mailer the configuration asks for. */
export function createMailer(config: Config, logger: Logger, newId: () => string): Mailer {
  return outboxMailer(join(config.dataDir, 'outbox'), config.mail.from, logger, newId);
}
