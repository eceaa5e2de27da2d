import { TerminalStatus } from '@sl/contracts';
import type { GatewayLog, SignInRefusal } from './device-transport.js';
import { parseIdentity, type TerminalKey } from './terminal-identity.js';
import { verifyTerminalSecret } from './terminal-secret.js';

export interface SignInAttempt {
  clientId: string;
  username: string | undefined;
  password: string | undefined;
}

/** Where a terminal's status and secret hash come from. */
export type FindTerminal = (family: TerminalKey['family'], sn: string) => Promise<{ status: number; secretHash: string } | undefined>;

/**
 * The sign-in rule of protocol §2, for the embedded broker and the external broker's authenticator alike:
 * `{family}:{sn}` as username and client id, and the terminal's secret. Undefined means allowed.
 */
export async function checkSignIn(find: FindTerminal, a: SignInAttempt): Promise<SignInRefusal | undefined> {
  const key = parseIdentity(a.username);
  if (!key) return 'badUsername';
  // The client id must be the username too, or a terminal could take over another's session.
  if (a.clientId !== a.username) return 'clientIdMismatch';
  if (!a.password) return 'badCredentials';
  const terminal = await find(key.family, key.sn);
  if (!terminal) return 'unknownTerminal';
  if (terminal.status === TerminalStatus.scrapped) return 'scrapped';
  if (!terminal.secretHash) return 'unregistered';
  return verifyTerminalSecret(a.password, terminal.secretHash) ? undefined : 'badCredentials';
}

// Whoever connects chooses these strings (up to 64 KiB each): the log keeps enough to recognise them.
const clip = (v: string | undefined) => (v && v.length > 128 ? `${v.slice(0, 128)}…` : v);

/** Refused sign-ins by reason, each logged with who tried (never the password). */
export class SignInRefusals {
  readonly counts: Record<SignInRefusal, number> = {
    badUsername: 0, clientIdMismatch: 0, badCredentials: 0, unknownTerminal: 0, unregistered: 0, scrapped: 0, unavailable: 0,
    badProtocol: 0, badClientId: 0, tooLarge: 0, throttled: 0,
  };

  constructor(private readonly log: GatewayLog) {}

  /** `debug` for the refusals of a throttled client id or address: the lock itself was logged once. */
  record(reason: SignInRefusal, who: { clientId: string; username: string | undefined; address?: string }, level: 'warn' | 'debug' = 'warn') {
    this.counts[reason]++;
    this.log[level]({ reason, clientId: clip(who.clientId), username: clip(who.username), address: who.address }, 'mqtt sign-in refused');
  }
}
