import { TerminalStatus, type DeviceFamily } from '@sl/contracts';
import type { TerminalAccounts } from '../../gateway/dynsec/terminal-accounts.js';
import { badRequest, text } from '../../http/errors.js';

interface Keyed {
  family: string;
  sn: string;
}

/**
 * Keeps the broker's terminal accounts in step with terminal writes, when the server keeps them
 * (MQTT_DYNSEC). Called inside the write's transaction: a broker that refuses undoes the write.
 */
export class BrokerAccountSync {
  /** Reads the gateway when called, so a gateway attached after start-up (tests) is used. */
  constructor(private readonly accounts: () => TerminalAccounts | undefined) {}

  /** A new or re-keyed secret; a scrapped terminal gets no account. */
  async issued(t: Keyed & { status: number }, secret: string): Promise<void> {
    if (t.status === TerminalStatus.scrapped) return;
    await this.call((a) => a.put(key(t), secret));
  }

  /** Terminals that may no longer sign in under these names. */
  async revoked(ts: Keyed[]): Promise<void> {
    if (ts.length) await this.call((a) => a.drop(ts.map(key)));
  }

  private async call(fn: (a: TerminalAccounts) => Promise<void>): Promise<void> {
    const accounts = this.accounts();
    if (!accounts) return;
    try {
      await fn(accounts);
    } catch (err) {
      throw badRequest(text('device.brokerAccount', { reason: (err as Error).message }));
    }
  }
}

const key = (t: Keyed) => ({ family: t.family as DeviceFamily, sn: t.sn });
