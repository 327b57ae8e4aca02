/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set, otherwise one `.eml` file per
 * message in DATA_DIR/outbox, named so that names sort in sending order.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Array<{ filename: string; content: Buffer | string; contentType?: string }>;
}

export interface Mailer {
  /** @throws the transport's error (SMTP refused, disk full); callers decide whether it is fatal. */
  send(message: MailMessage): Promise<{ messageId: string; file?: string }>;
  readonly mode: 'smtp' | 'outbox';
  readonly outboxDir?: string;
}

export function createMailer(opts: { smtpUrl?: string; outboxDir: string; from?: string }): Mailer {
  const from = opts.from ?? 'Emite <no-responder@emite.local>';
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      mode: 'smtp',
      async send(m) {
        const info = await transport.sendMail({ from, ...m });
        return { messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let counter = 0;
  return {
    mode: 'outbox',
    outboxDir: opts.outboxDir,
    async send(m) {
      const info = await transport.sendMail({ from, ...m });
      mkdirSync(opts.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[-:.TZ]/g, '');
      counter += 1;
      const file = path.join(opts.outboxDir, `${stamp}-${String(counter).padStart(6, '0')}.eml`);
      writeFileSync(file, info.message as Buffer);
      return { messageId: info.messageId, file };
    },
  };
}
