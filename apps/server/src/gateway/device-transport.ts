import { redactFields, redactLine } from '../logging/redact.js';

/**
 * Why an up message was dropped; the keys of GatewayStats.rejected. `unstorable`: the database refused the
 * message's values (protocol §3); `retained`: a publish with the retain flag, which terminals may not use;
 * `badTimestamp`: a reading stamped too far in the future or older than its retention.
 */
export type RejectReason = 'badTopic' | 'badJson' | 'badSchema' | 'unknownTerminal' | 'tooLarge' | 'unauthorized' | 'unstorable' | 'retained' | 'badTimestamp';

/**
 * Why a terminal's MQTT connection was refused before or at sign-in; the keys of GatewayStats.authRefused.
 * `badProtocol`: not MQTT 3.1/3.1.1; `badClientId`: an MQTT 3.1 client id over 23 characters; `tooLarge`: a
 * packet over the size limit before sign-in; `throttled`: too many wrong sign-ins from its client id or address.
 */
export type SignInRefusal =
  | 'badUsername' | 'clientIdMismatch' | 'badCredentials' | 'unknownTerminal' | 'unregistered' | 'scrapped' | 'unavailable'
  | 'badProtocol' | 'badClientId' | 'tooLarge' | 'throttled';

/** Handles one up message; resolves once it is stored and acknowledged (or refused). */
export type MessageHandler = (topic: string, payload: Buffer) => Promise<void> | void;

/** The MQTT side of the gateway: the embedded aedes broker or a client of an external broker. */
export interface DeviceTransport {
  /** Where terminals connect, for the start-up lines. */
  readonly address: string;
  /** The broker URL a terminal connects to, without the gateway's credentials (the demo fleet uses it). */
  readonly url: string;
  onMessage(handler: MessageHandler): void;
  /** Publishes (QoS 1 unless told); resolves once the broker took the message. */
  publish(topic: string, payload: string, qos?: 0 | 1): Promise<void>;
  /** Terminals connected right now, where the transport can tell (an external broker cannot). */
  connectedCount(): number;
  /**
   * Whether the terminal (`{family}:{sn}`) is connected and subscribed to its commands, where the
   * transport can tell. The embedded broker can: a command for a terminal that is not is queued in
   * the database instead of in the broker's memory. An external broker's persistent sessions queue it.
   */
  isReady?(clientId: string): boolean;
  /** Told when a terminal becomes ready (it subscribed, or came back to its stored session). */
  onReady?(handler: (clientId: string) => void): void;
  /** Stops taking new messages and waits for those being handled (before a deliberate stop). */
  drain?(): Promise<void>;
  close(): Promise<void>;
}

/** The subset of a pino logger the gateway uses. */
export interface GatewayLog {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Forwards to a logger that may not exist yet (the HTTP app is built after the gateway starts). */
export function forwardLog(get: () => GatewayLog | undefined): GatewayLog {
  const to = (level: keyof GatewayLog) => (obj: object, msg?: string) => {
    const target = get();
    if (target) target[level](obj, msg);
    else if (level === 'warn' || level === 'error') console[level](msg ?? '', redactLine(JSON.stringify(redactFields(obj), errorsAsText)));
  };
  return { debug: to('debug'), info: to('info'), warn: to('warn'), error: to('error') };
}

const errorsAsText = (_key: string, value: unknown) => (value instanceof Error ? { type: value.name, message: value.message, stack: value.stack } : value);

export const silentLog: GatewayLog = { debug() {}, info() {}, warn() {}, error() {} };
