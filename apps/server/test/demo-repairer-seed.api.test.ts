import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, describe } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { caller } from './terminals-fixtures.js';

describe('demo maintenance user', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp('pglite', { DEMO: 'true' })));
  afterAll(() => t?.close());

  it('has a phone in 运维一部, signs in, and is offered as the assignee of an alarm there', async () => {
    const [u] = await t.database.db.select().from(users).where(eq(users.username, 'repairer'));
    expect(u).toMatchObject({ deptId: 2, phone: '13800138000' });
    const repairer = caller(t, await t.login('repairer', '123456'));
    expect((await repairer.post('/dispatch/workorder/mine', {})).code).toBe(200);
    const admin = caller(t, await t.login());
    const terminal = await admin.post('/terminal/add', { sn: 'DEMOFIX1', name: 'demo fix', family: 'rdcsm', model: 2, deptId: 2 });
    const alarm = await admin.post('/alarm/add', { terminalId: terminal.data.terminalId, kind: 'lampFailure' });
    const assignees = await admin.post('/dispatch/workorder/assignees', { alarmIds: [alarm.data.alarmId] });
    expect(assignees.data.map((a: { userId: number }) => a.userId)).toContain(u.userId);
  });
});
