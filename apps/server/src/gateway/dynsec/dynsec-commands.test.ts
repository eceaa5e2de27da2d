import { describe, expect, it } from 'vitest';
import { topicMatches } from '../terminal-identity.js';
import { createTerminal, deleteTerminal, gatewayRole, roleUsername, terminalAcls, terminalRole } from './dynsec-commands.js';

const t = { family: 'rdc4m' as const, sn: 'CAB-0001' };

describe('dynamic-security commands', () => {
  it('gives a terminal its own up topics to publish and its own down topics to subscribe (protocol §2)', () => {
    const [pub, sub] = terminalAcls(t);
    expect(pub).toMatchObject({ acltype: 'publishClientSend', allow: true });
    expect(sub).toMatchObject({ acltype: 'subscribePattern', topic: 'sl/rdc4m/CAB-0001/down/#', allow: true });
    expect(topicMatches(pub.topic, 'sl/rdc4m/CAB-0001/up/heartbeat')).toBe(true);
    expect(topicMatches(pub.topic, 'sl/rdc4m/CAB-0002/up/heartbeat')).toBe(false);
    expect(topicMatches(pub.topic, 'sl/rdc4m/CAB-0001/down/command')).toBe(false);
  });

  it('fixes the client id to the username and names the role after the account', () => {
    const [role, client] = createTerminal(t, 's3cret');
    expect(client).toMatchObject({ command: 'createClient', username: 'rdc4m:CAB-0001', clientid: 'rdc4m:CAB-0001', password: 's3cret', roles: [{ rolename: role.rolename }] });
    expect(roleUsername(terminalRole(t))).toBe('rdc4m:CAB-0001');
    expect(roleUsername('admin')).toBeUndefined();
    expect(deleteTerminal(t).map((c) => c.command)).toEqual(['deleteClient', 'deleteRole']);
  });

  it("limits the gateway to its group's shared up subscription and the down topics", () => {
    expect(gatewayRole('sl-gateway').acls).toEqual([
      expect.objectContaining({ acltype: 'subscribePattern', topic: '$share/sl-gateway/sl/+/+/up/+' }),
      expect.objectContaining({ acltype: 'publishClientSend', topic: 'sl/+/+/down/+' }),
    ]);
  });
});
