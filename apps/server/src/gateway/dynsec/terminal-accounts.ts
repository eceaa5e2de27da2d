import type { TerminalKey } from '../terminal-identity.js';
import type { DynsecClient, DynsecCommand, DynsecResponse } from './dynsec-client.js';
import { createTerminal, deleteTerminal, terminalUsername } from './dynsec-commands.js';

/**
 * The terminals' accounts on an external broker. The terminal services call it inside their transaction,
 * so a broker that refuses undoes the change. The plaintext secret exists only at creation and re-key.
 */
export interface TerminalAccounts {
  /** Creates the account of a terminal that may sign in, or replaces it with a new secret (re-key). */
  put(t: TerminalKey, secret: string): Promise<void>;
  /** Removes the accounts (scrapped, unregistered, deleted or renamed terminals); the broker disconnects them. */
  drop(ts: TerminalKey[]): Promise<void>;
}

/** Answers the broker gives when a command had nothing left to do. */
export const ALREADY_DONE = new Set(['Client already exists', 'Role already exists', 'Client not found', 'Role not found']);

/** Throws on the first refusal that is not in `tolerated`. */
export function assertAnswered(commands: DynsecCommand[], responses: DynsecResponse[], tolerated: Set<string> = ALREADY_DONE): void {
  const refused = responses.findIndex((r) => r.error && !tolerated.has(r.error));
  if (refused < 0) return;
  const c = commands[refused];
  throw new Error(`the broker refused ${c.command} ${String(c.username ?? c.rolename ?? '')}: ${responses[refused].error}`);
}

/** Terminal accounts kept in Mosquitto's dynamic-security plugin. */
export class DynsecAccounts implements TerminalAccounts {
  constructor(private readonly dynsec: DynsecClient) {}

  async put(t: TerminalKey, secret: string): Promise<void> {
    const create = createTerminal(t, secret);
    const answers = await this.dynsec.run(create);
    assertAnswered(create, answers);
    if (answers[1].error !== 'Client already exists') return;
    // Re-key: a fresh account rather than setClientPassword, so its client id and role are right too.
    const replace = [{ command: 'deleteClient', username: terminalUsername(t) }, create[1]];
    const replaced = await this.dynsec.run(replace);
    assertAnswered(replace, replaced, new Set(['Client not found']));
  }

  async drop(ts: TerminalKey[]): Promise<void> {
    const commands = ts.flatMap(deleteTerminal);
    if (commands.length) assertAnswered(commands, await this.dynsec.run(commands));
  }
}
