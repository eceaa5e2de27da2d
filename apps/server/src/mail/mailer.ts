import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

/** Sends e-mail through the SMTP server of `SMTP_URL`; `configured` is false (and `send` throws) without one. */
export interface Mailer {
  readonly configured: boolean;
  send(message: MailMessage): Promise<{ messageId: string; accepted: string[] }>;
}

export class MailNotConfiguredError extends Error {
  constructor() {
    super('SMTP_URL is not set: no e-mail can be sent');
  }
}

/** A mailer over nodemailer's SMTP transport (`smtp://user:pass@host:port`, `smtps://…` for implicit TLS). */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>): Mailer {
  if (!config.SMTP_URL) {
    return { configured: false, send: () => Promise.reject(new MailNotConfiguredError()) };
  }
  const transport = nodemailer.createTransport(config.SMTP_URL);
  return {
    configured: true,
    async send(message) {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...message });
      return { messageId: String(info.messageId), accepted: (info.accepted ?? []).map(String) };
    },
  };
}
