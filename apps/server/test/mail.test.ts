import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/mail/index.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';

describe('the mailer', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it('delivers text, html and an attachment to the SMTP server of SMTP_URL', async () => {
    const mailer = createMailer({ SMTP_URL: sink.url, MAIL_FROM: 'Lights <lights@example.test>' });
    const pdf = Buffer.from('%PDF-1.4 not really\n');
    await mailer.send({ to: ['a@example.test', 'b@example.test'], subject: '月报 report', text: 'plain 中文', html: '<p>html</p>', attachments: [{ filename: 'r.pdf', content: pdf, contentType: 'application/pdf' }] });
    const [mail] = await sink.waitFor(1);
    expect(mail.subject).toBe('月报 report');
    expect(mail.text?.trim()).toBe('plain 中文');
    expect(mail.html).toContain('<p>html</p>');
    expect(mail.from?.value[0].address).toBe('lights@example.test');
    expect(sink.recipients[0]).toEqual(['a@example.test', 'b@example.test']);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].filename).toBe('r.pdf');
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    expect(Buffer.compare(mail.attachments[0].content, pdf)).toBe(0);
  });

  it('without SMTP_URL is not configured and refuses to send', async () => {
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM: 'x@y.z' });
    expect(mailer.configured).toBe(false);
    await expect(mailer.send({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toThrow('SMTP_URL');
  });
});
