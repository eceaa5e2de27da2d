/** One text message to one phone: a template of the provider and its parameters, plus the rendered text for the log. */
export interface SmsMessage {
  phone: string;
  template: string;
  params: Record<string, string>;
  content: string;
}

/** Sends text messages; throws when the provider refused or could not be reached (the message is retried). */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** The default: delivers nothing and succeeds, so the SMS log is the record (tests and demos). */
export class RecordingSmsProvider implements SmsProvider {
  readonly name = 'record';
  readonly sent: SmsMessage[] = [];
  async send(message: SmsMessage): Promise<void> {
    this.sent.push(message);
  }
}
