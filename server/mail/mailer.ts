import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
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

/**
 * SMTP through nodemailer, from a URL such as `smtp://user:pass@mail.example.org:587` (`smtps://…:465` for TLS from
 * the start; over `smtp://` nodemailer upgrades with STARTTLS whenever the server offers it). One pooled transport
 * for the process, closed at shutdown. A refused message rejects `send`, so the caller can say it was not sent.
 */
export function smtpMailer(smtpUrl: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) });
      logger.info('mail sent', { id: info.messageId, to: message.to, subject: message.subject });
      return { id: String(info.messageId) };
    },
    async close() {
      transport.close();
    },
  };
}

/** The mailer the configuration asks for: SMTP when `SMTP_URL` is set, else the outbox under `DATA_DIR`. */
export function createMailer(config: Config, logger: Logger, newId: () => string): Mailer {
  if (config.mail.smtpUrl) return smtpMailer(config.mail.smtpUrl, config.mail.from, logger);
  return outboxMailer(join(config.dataDir, 'outbox'), config.mail.from, logger, newId);
}
