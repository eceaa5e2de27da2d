import type { GatewayLog } from '../device-transport.js';
import type { AccountRow } from './account-repository.js';
import type { DynsecClient, DynsecCommand } from './dynsec-client.js';
import { DEFAULT_ACCESS, GATEWAY_ROLE, gatewayRole } from './dynsec-commands.js';
import { planReconciliation, type ReconcilePlan } from './reconcile-plan.js';
import { ALREADY_DONE, assertAnswered } from './terminal-accounts.js';

export interface ReconcileOptions {
  dynsec: DynsecClient;
  /** Read after the broker's lists, so an account made by a committed change is never taken for a stale one. */
  rows: () => Promise<AccountRow[]>;
  /** The gateway's own account (MQTT_URL's user), given the gateway role. */
  gatewayUser?: string;
  shareGroup: string;
  /** The plaintext secret when the server can know it (demo terminals derive theirs). */
  knownSecret?: (row: AccountRow) => string | undefined;
  log: GatewayLog;
}

export type ReconcileResult = Omit<ReconcilePlan, 'commands'>;

/**
 * Makes the broker match the terminal table at start: default-deny access, the gateway role, then the
 * terminal accounts (planReconciliation). Safe to run on several instances at once.
 */
export async function reconcileAccounts(o: ReconcileOptions): Promise<ReconcileResult> {
  const base: DynsecCommand[] = [DEFAULT_ACCESS, gatewayRole(o.shareGroup), ...gatewayAcls(o.shareGroup), ...LISTS];
  const answers = await o.dynsec.run(base);
  assertAnswered(base.slice(0, 2), answers.slice(0, 2));
  const [clients, roles] = answers.slice(-2);
  if (o.gatewayUser) await giveGatewayRole(o.dynsec, o.gatewayUser, o.log);

  const { commands, ...result } = planReconciliation(
    { clients: new Set(names(clients.data, 'clients', 'username')), roles: new Set(names(roles.data, 'roles', 'rolename')) },
    await o.rows(),
    o.knownSecret,
  );
  // One refused command (another instance reconciling at the same moment) must not stop the start.
  const done = commands.length ? await o.dynsec.run(commands) : [];
  const refused = done.flatMap((r, i) => (r.error && !ALREADY_DONE.has(r.error) ? [`${commands[i].command} ${String(commands[i].username ?? commands[i].rolename)}: ${r.error}`] : []));
  if (refused.length) o.log.warn({ count: refused.length, refused: refused.slice(0, 20) }, 'the broker refused some reconciliation commands');
  o.log.info({ kept: result.kept, created: result.created, removed: result.removed, missing: result.missing.length }, 'broker accounts reconciled');
  if (result.missing.length) {
    o.log.warn({ count: result.missing.length, terminals: result.missing.slice(0, 20) }, 'terminals without a broker account: re-key them (registration with a new secret) so they can sign in');
  }
  return result;
}

const LISTS: DynsecCommand[] = [
  { command: 'listClients', verbose: false, count: -1, offset: 0 },
  { command: 'listRoles', verbose: false, count: -1, offset: 0 },
];

/** The gateway role may exist from a run with another share group: its ACLs are added again (a duplicate is refused, harmlessly). */
const gatewayAcls = (shareGroup: string): DynsecCommand[] =>
  (gatewayRole(shareGroup).acls as Record<string, unknown>[]).map((acl) => ({ command: 'addRoleACL', rolename: GATEWAY_ROLE, ...acl }));

async function giveGatewayRole(dynsec: DynsecClient, username: string, log: GatewayLog) {
  const [found] = await dynsec.run([{ command: 'getClient', username }]);
  if (found.error) {
    log.warn({ username, error: found.error }, 'the gateway account is not a dynamic-security client: give it the sl-gateway role by hand');
    return;
  }
  const client = (found.data?.client ?? {}) as { roles?: { rolename: string }[] };
  if (client.roles?.some((r) => r.rolename === GATEWAY_ROLE)) return;
  const add = [{ command: 'addClientRole', username, rolename: GATEWAY_ROLE }];
  assertAnswered(add, await dynsec.run(add));
}

/** listClients/listRoles answer names, or objects when verbose. */
function names(data: Record<string, unknown> | undefined, list: string, field: string): string[] {
  const items = (data?.[list] ?? []) as (string | Record<string, string>)[];
  return items.map((i) => (typeof i === 'string' ? i : i[field]));
}
