import { TerminalStatus } from '@sl/contracts';
import type { GatewayLog } from '../device-transport.js';
import { parseIdentity, type TerminalKey } from '../terminal-identity.js';
import type { AccountRow } from './account-repository.js';
import type { DynsecClient, DynsecCommand } from './dynsec-client.js';
import { createTerminal, DEFAULT_ACCESS, deleteTerminal, GATEWAY_ROLE, gatewayRole, roleUsername, terminalAcls, terminalRole, terminalUsername } from './dynsec-commands.js';
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

export interface ReconcileResult {
  /** Terminals that may sign in and have an account. */
  kept: number;
  created: number;
  removed: number;
  /** Terminals that may sign in but have no account, and whose secret only they know: a re-key gives them one. */
  missing: string[];
}

/** A terminal may sign in when it is not scrapped and holds a secret (protocol §2, sign-in.ts). */
export const maySignIn = (row: AccountRow) => row.status !== TerminalStatus.scrapped && row.secretHash !== '';

/**
 * Makes the broker's accounts match the terminal table at start: the gateway role, default-deny access, an
 * account removed for every terminal that may not sign in, and one made for each missing terminal whose
 * secret is known. Safe to run on several instances at once.
 */
export async function reconcileAccounts(o: ReconcileOptions): Promise<ReconcileResult> {
  const base: DynsecCommand[] = [DEFAULT_ACCESS, gatewayRole(o.shareGroup), ...gatewayAcls(o.shareGroup), ...listAll()];
  const lists = await o.dynsec.run(base);
  assertAnswered(base.slice(0, 2), lists.slice(0, 2));
  const clients = new Set(names(lists[base.length - 2].data, 'clients', 'username'));
  const roles = new Set(names(lists[base.length - 1].data, 'roles', 'rolename'));
  if (o.gatewayUser) await giveGatewayRole(o.dynsec, o.gatewayUser, o.log);

  const rows = await o.rows();
  const allowed = new Map(rows.filter(maySignIn).map((r) => [terminalUsername(r as TerminalKey), r]));
  const commands: DynsecCommand[] = [];
  let removed = 0;
  let created = 0;
  const missing: string[] = [];
  for (const username of clients) {
    const key = parseIdentity(username);
    if (!key || allowed.has(username)) continue;
    commands.push(...deleteTerminal(key));
    removed++;
  }
  for (const rolename of roles) {
    const owner = roleUsername(rolename);
    if (owner && !allowed.has(owner) && !clients.has(owner)) commands.push({ command: 'deleteRole', rolename });
  }
  for (const [username, row] of allowed) {
    const key = row as TerminalKey;
    if (clients.has(username)) {
      // An account whose role was lost gets it back; its password is the broker's to keep.
      if (!roles.has(terminalRole(key))) commands.push({ command: 'createRole', rolename: terminalRole(key), acls: terminalAcls(key) }, { command: 'addClientRole', username, rolename: terminalRole(key) });
      continue;
    }
    const secret = o.knownSecret?.(row);
    if (secret === undefined) missing.push(username);
    else {
      commands.push(...createTerminal(key, secret));
      created++;
    }
  }
  // One refused account (another instance reconciling at the same moment) must not stop the start.
  const answers = commands.length ? await o.dynsec.run(commands) : [];
  const refused = answers.flatMap((r, i) => (r.error && !ALREADY_DONE.has(r.error) ? [`${commands[i].command} ${String(commands[i].username ?? commands[i].rolename)}: ${r.error}`] : []));
  if (refused.length) o.log.warn({ count: refused.length, refused: refused.slice(0, 20) }, 'the broker refused some reconciliation commands');
  const result = { kept: allowed.size - created - missing.length, created, removed, missing };
  o.log.info({ kept: result.kept, created, removed, missing: missing.length }, 'broker accounts reconciled');
  if (missing.length) {
    o.log.warn({ count: missing.length, terminals: missing.slice(0, 20) }, 'terminals without a broker account: re-key them (registration with a new secret) so they can sign in');
  }
  return result;
}

const listAll = (): DynsecCommand[] => [
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
