import { TerminalStatus, type DeviceFamily } from '@sl/contracts';
import { parseIdentity, type TerminalKey } from '../terminal-identity.js';
import type { AccountRow } from './account-repository.js';
import type { DynsecCommand } from './dynsec-client.js';
import { createTerminal, deleteTerminal, roleUsername, terminalAcls, terminalRole, terminalUsername } from './dynsec-commands.js';

/** What the broker holds: client usernames and role names. */
export interface BrokerLists {
  clients: Set<string>;
  roles: Set<string>;
}

export interface ReconcilePlan {
  commands: DynsecCommand[];
  /** Terminals that may sign in and keep their account. */
  kept: number;
  created: number;
  removed: number;
  /** Terminals that may sign in but have no account, and whose secret only they know: a re-key gives them one. */
  missing: string[];
}

/** A terminal may sign in when it is not scrapped and holds a secret (protocol §2, sign-in.ts). */
export const maySignIn = (row: AccountRow) => row.status !== TerminalStatus.scrapped && row.secretHash !== '';

const keyOf = (row: AccountRow): TerminalKey => ({ family: row.family as DeviceFamily, sn: row.sn });

/**
 * The commands that make the broker's terminal accounts match the table: accounts named like a terminal that
 * may not sign in are deleted, with orphan terminal roles; a kept account whose role was lost gets it back;
 * a missing account is made when `knownSecret` knows the secret, else listed.
 */
export function planReconciliation(broker: BrokerLists, rows: AccountRow[], knownSecret?: (row: AccountRow) => string | undefined): ReconcilePlan {
  const allowed = new Map(rows.filter(maySignIn).map((r) => [terminalUsername(keyOf(r)), r]));
  const plan: ReconcilePlan = { commands: [], kept: 0, created: 0, removed: 0, missing: [] };
  for (const username of broker.clients) {
    const key = parseIdentity(username);
    if (!key || allowed.has(username)) continue;
    plan.commands.push(...deleteTerminal(key));
    plan.removed++;
  }
  for (const rolename of broker.roles) {
    const owner = roleUsername(rolename);
    if (owner && !allowed.has(owner) && !broker.clients.has(owner)) plan.commands.push({ command: 'deleteRole', rolename });
  }
  for (const [username, row] of allowed) {
    const key = keyOf(row);
    if (broker.clients.has(username)) {
      plan.kept++;
      // Its password is the broker's to keep; a lost role is given back.
      if (!broker.roles.has(terminalRole(key))) {
        plan.commands.push({ command: 'createRole', rolename: terminalRole(key), acls: terminalAcls(key) }, { command: 'addClientRole', username, rolename: terminalRole(key) });
      }
      continue;
    }
    const secret = knownSecret?.(row);
    if (secret === undefined) plan.missing.push(username);
    else {
      plan.commands.push(...createTerminal(key, secret));
      plan.created++;
    }
  }
  return plan;
}
