import { deviceIdentity } from '@sl/contracts';
import type { TerminalKey } from '../terminal-identity.js';
import type { DynsecCommand } from './dynsec-client.js';

/** Every terminal's role is named after its account, so a listRoles tells which ones are the server's. */
const TERMINAL_ROLE_PREFIX = 'sl-terminal:';
export const GATEWAY_ROLE = 'sl-gateway';

export const terminalUsername = (t: TerminalKey) => deviceIdentity(t.family, t.sn);
export const terminalRole = (t: TerminalKey) => `${TERMINAL_ROLE_PREFIX}${terminalUsername(t)}`;
/** The account a terminal role belongs to, or undefined for a role the server did not make. */
export const roleUsername = (rolename: string) => (rolename.startsWith(TERMINAL_ROLE_PREFIX) ? rolename.slice(TERMINAL_ROLE_PREFIX.length) : undefined);

/** Protocol §2: a terminal publishes only under its own up topics and subscribes only to its own down topics. */
export function terminalAcls(t: TerminalKey) {
  return [
    { acltype: 'publishClientSend', topic: `sl/${t.family}/${t.sn}/up/+`, priority: 0, allow: true },
    { acltype: 'subscribePattern', topic: `sl/${t.family}/${t.sn}/down/#`, priority: 0, allow: true },
  ];
}

/** Nothing is allowed unless a role says so; receiving stays open, a terminal only gets what it may subscribe to. */
export const DEFAULT_ACCESS: DynsecCommand = {
  command: 'setDefaultACLAccess',
  acls: [
    { acltype: 'publishClientSend', allow: false },
    { acltype: 'publishClientReceive', allow: true },
    { acltype: 'subscribe', allow: false },
    { acltype: 'unsubscribe', allow: true },
  ],
};

/** The role of the gateway's account: the shared up subscription of its group, and publishing down. */
export function gatewayRole(shareGroup: string): DynsecCommand {
  return {
    command: 'createRole',
    rolename: GATEWAY_ROLE,
    textname: 'street-light gateway',
    acls: [
      { acltype: 'subscribePattern', topic: `$share/${shareGroup}/sl/+/+/up/+`, priority: 0, allow: true },
      { acltype: 'publishClientSend', topic: 'sl/+/+/down/+', priority: 0, allow: true },
    ],
  };
}

/** A terminal's role and its account (client id fixed to the username), from the plaintext secret. */
export function createTerminal(t: TerminalKey, secret: string): DynsecCommand[] {
  const username = terminalUsername(t);
  const rolename = terminalRole(t);
  return [
    { command: 'createRole', rolename, acls: terminalAcls(t) },
    { command: 'createClient', username, password: secret, clientid: username, roles: [{ rolename }] },
  ];
}

/** Deletes the account (the broker disconnects it) and its role. */
export function deleteTerminal(t: TerminalKey): DynsecCommand[] {
  return [
    { command: 'deleteClient', username: terminalUsername(t) },
    { command: 'deleteRole', rolename: terminalRole(t) },
  ];
}
