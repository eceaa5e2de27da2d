import { describe, expect, it } from 'vitest';
import type { TerminalRecordRepository } from '../../gateway/terminal-record-repository.js';
import { newTerminalSecret } from '../../gateway/terminal-secret.js';
import { BrokerAuthService } from './broker-auth-service.js';

describe('BrokerAuthService', () => {
  it('reports every refused sign-in with its reason and who tried, for the gateway to log and count', async () => {
    const { secret, hash } = newTerminalSecret();
    const repo = { findByKey: async (family: string, sn: string) => (family === 'rdcsm' && sn === 'KNOWN01' ? { status: 1, secretHash: hash } : undefined) };
    const refused: unknown[] = [];
    const auth = new BrokerAuthService(repo as unknown as TerminalRecordRepository, { username: 'gw', password: 'gw-pass' }, (reason, who) => refused.push({ reason, ...who }));
    const id = 'rdcsm:KNOWN01';
    expect(await auth.authenticate({ username: id, clientid: id, password: secret })).toBe(true);
    expect(await auth.authenticate({ username: 'gw', clientid: 'gw-1', password: 'gw-pass' })).toBe(true);
    expect(await auth.authenticate({ username: id, clientid: id, password: 'nope' })).toBe(false);
    expect(await auth.authenticate({ username: 'rdcsm:GHOST01', clientid: 'rdcsm:GHOST01', password: secret })).toBe(false);
    expect(await auth.authenticate({ username: id, clientid: 'other', password: secret })).toBe(false);
    expect(await auth.authenticate({ username: 'gw', clientid: 'gw-2', password: 'wrong' })).toBe(false);
    expect(refused).toEqual([
      { reason: 'badCredentials', clientId: id, username: id },
      { reason: 'unknownTerminal', clientId: 'rdcsm:GHOST01', username: 'rdcsm:GHOST01' },
      { reason: 'clientIdMismatch', clientId: 'other', username: id },
      { reason: 'badCredentials', clientId: 'gw-2', username: 'gw' },
    ]);
  });
});
