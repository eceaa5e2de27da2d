import type { DeviceFamily } from '@sl/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { demoTerminalSecret } from '../../seed/seed-demo-terminals.js';
import type { GatewayLog } from '../device-transport.js';
import { verifyTerminalSecret } from '../terminal-secret.js';
import { AccountRepository, type AccountRow } from './account-repository.js';
import { DynsecClient } from './dynsec-client.js';
import { reconcileAccounts, type ReconcileResult } from './reconcile.js';
import { DynsecAccounts, type TerminalAccounts } from './terminal-accounts.js';

export type BrokerAccountsConfig = Pick<Config, 'MQTT_URL' | 'MQTT_DYNSEC' | 'MQTT_DYNSEC_URL' | 'DEMO' | 'DEMO_DEVICE_SECRET'>;

export interface BrokerAccounts {
  accounts: TerminalAccounts;
  reconciled: ReconcileResult;
  close(): Promise<void>;
}

/**
 * With MQTT_DYNSEC, connects to the broker's dynamic-security API and reconciles the terminal accounts
 * before the gateway subscribes (its account gets its role here). Undefined when the broker keeps its own.
 */
export async function startBrokerAccounts(opts: { config: BrokerAccountsConfig; db: Db; shareGroup: string; log: GatewayLog }): Promise<BrokerAccounts | undefined> {
  const { config } = opts;
  if (!config.MQTT_DYNSEC || !config.MQTT_URL) return undefined;
  const dynsec = await DynsecClient.connect(config.MQTT_DYNSEC_URL ?? config.MQTT_URL);
  try {
    const repo = new AccountRepository(opts.db);
    const reconciled = await reconcileAccounts({
      dynsec,
      rows: () => repo.all(),
      gatewayUser: decodeURIComponent(new URL(config.MQTT_URL).username) || undefined,
      shareGroup: opts.shareGroup,
      knownSecret: config.DEMO ? demoSecret(config.DEMO_DEVICE_SECRET) : undefined,
      log: opts.log,
    });
    return { accounts: new DynsecAccounts(dynsec), reconciled, close: () => dynsec.close() };
  } catch (err) {
    await dynsec.close().catch(() => undefined);
    throw err;
  }
}

/** A demo terminal's secret is derived from DEMO_DEVICE_SECRET; it counts only while its hash still matches. */
const demoSecret = (seed: string) => (row: AccountRow) => {
  const secret = demoTerminalSecret(seed, row.family as DeviceFamily, row.sn);
  return verifyTerminalSecret(secret, row.secretHash) ? secret : undefined;
};
