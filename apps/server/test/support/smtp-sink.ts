import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A local SMTP server on a free port that keeps every message it receives, parsed. */
export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`: the value for SMTP_URL. */
  url: string;
  port: number;
  /** The messages received so far, in order, parsed by mailparser. */
  messages: ParsedMail[];
  /** The envelope recipients of each message, in the same order. */
  recipients: string[][];
  /** Resolves with the messages once at least `count` have arrived (no time-out of its own: the test's applies). */
  waitFor(count: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** Starts the sink: no TLS, any sign-in accepted, messages up to 20 MB. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const recipients: string[][] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    size: 20 * 1024 * 1024,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          recipients.push(session.envelope.rcptTo.map((r) => r.address));
          waiters.splice(0).forEach((wake) => wake());
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  const waitFor = async (count: number) => {
    while (messages.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return messages;
  };
  return { url: `smtp://127.0.0.1:${port}`, port, messages, recipients, waitFor, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
