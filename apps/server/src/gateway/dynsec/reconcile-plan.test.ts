import { describe, expect, it } from 'vitest';
import { TerminalStatus } from '@sl/contracts';
import type { AccountRow } from './account-repository.js';
import { planReconciliation } from './reconcile-plan.js';

const row = (sn: string, over: Partial<AccountRow> = {}): AccountRow => ({ family: 'rdcsm', sn, status: TerminalStatus.inUse, secretHash: 'sha256$s$h', ...over });
const lists = (clients: string[], roles: string[]) => ({ clients: new Set(clients), roles: new Set(roles) });

describe('planReconciliation', () => {
  it('deletes accounts of scrapped, unregistered and unknown terminals, and leaves other applications alone', () => {
    const plan = planReconciliation(
      lists(['admin', 'gateway', 'rdcsm:OK01', 'rdcsm:SCRAP1', 'rdcsm:UNREG1', 'rdc4m:GHOST1'], ['sl-terminal:rdcsm:OK01', 'sl-terminal:rdcsm:SCRAP1', 'sl-terminal:rdc4m:ORPHAN1', 'admin']),
      [row('OK01'), row('SCRAP1', { status: TerminalStatus.scrapped }), row('UNREG1', { secretHash: '' })],
    );
    expect(plan.commands.filter((c) => c.command === 'deleteClient').map((c) => c.username).sort()).toEqual(['rdc4m:GHOST1', 'rdcsm:SCRAP1', 'rdcsm:UNREG1']);
    expect(plan.commands).toContainEqual({ command: 'deleteRole', rolename: 'sl-terminal:rdc4m:ORPHAN1' });
    expect(plan.commands.some((c) => c.rolename === 'admin' || c.username === 'gateway')).toBe(false);
    expect(plan).toMatchObject({ kept: 1, removed: 3, created: 0, missing: [] });
  });

  it('creates missing accounts whose secret it knows, lists the others, and gives a lost role back', () => {
    const plan = planReconciliation(lists(['rdcsm:NOROLE1'], []), [row('NOROLE1'), row('DEMO01'), row('REAL01')], (r) => (r.sn === 'DEMO01' ? 'derived' : undefined));
    expect(plan).toMatchObject({ kept: 1, created: 1, removed: 0, missing: ['rdcsm:REAL01'] });
    expect(plan.commands).toContainEqual(expect.objectContaining({ command: 'createClient', username: 'rdcsm:DEMO01', password: 'derived' }));
    expect(plan.commands).toContainEqual({ command: 'addClientRole', username: 'rdcsm:NOROLE1', rolename: 'sl-terminal:rdcsm:NOROLE1' });
  });
});
