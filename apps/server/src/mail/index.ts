/** The mail domain's entry point: the SMTP mailer (`SMTP_URL`, `MAIL_FROM`). */
export { createMailer, MailNotConfiguredError, type MailAttachment, type Mailer, type MailMessage } from './mailer.js';
