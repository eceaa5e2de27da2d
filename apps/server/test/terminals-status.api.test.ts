import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { terminals } from '../src/db/schema/index.js';
import { verifyTerminalSecret } from '../src/gateway/terminal-secret.js';
import { describeEachEngine } from './support/each-engine.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { addTerminal, caller, type Caller } from './terminals-fixtures.js';

describeEachEngine('terminals: status and registration', (engine) => {
  let t: TestApp;
  let api: Caller;
  beforeAll(async () => {
    t = await createTestApp(engine);
    api = caller(t, await t.login());
  });
  afterAll(() => t?.close());

  const move = (terminalId: number, status: number, reason = 'because') => api.put('/terminal/status/update', { terminalId, status, reason });

  it('allows 1→2→3→4→3→2→3, 4→2 and any→5, and records who and why', async () => {
    const { terminalId } = await addTerminal(api);
    for (const [to, why] of [[2, 'stocked'], [3, 'installed'], [4, 'lamp failed'], [3, 'fixed'], [2, 'removed'], [3, 'reinstalled'], [4, 'broken'], [2, 'spare'], [5, 'worn out']] as const) {
      expect((await move(terminalId, to, why)).code, `to ${to}`).toBe(200);
    }
    expect((await api.get(`/terminal/info/${terminalId}`)).data.status).toBe(5);
    const log = (await api.get(`/terminal/status/log/${terminalId}`)).data;
    expect(log).toHaveLength(9);
    expect(log[0]).toMatchObject({ terminalId, fromStatus: 2, toStatus: 5, reason: 'worn out', userId: 1, userName: '管理员' });
    expect(log.at(-1)).toMatchObject({ fromStatus: 1, toStatus: 2, reason: 'stocked' });
  });

  it('refuses the other transitions with a clear 400 and leaves nothing recorded', async () => {
    const { terminalId } = await addTerminal(api);
    expect(await move(terminalId, 3)).toMatchObject({ code: 400, msg: expect.stringMatching(/cannot go from 1 \(in factory\) to 3 \(in use\)/) });
    expect(await move(terminalId, 4)).toMatchObject({ code: 400 });
    expect(await move(terminalId, 1)).toMatchObject({ code: 400, msg: expect.stringMatching(/already in factory/) });
    expect((await move(terminalId, 5)).code).toBe(200);
    for (const to of [1, 2, 3, 4]) expect(await move(terminalId, to)).toMatchObject({ code: 400, msg: expect.stringMatching(/scrapped terminal stays scrapped/) });
    expect((await api.get(`/terminal/status/log/${terminalId}`)).data).toHaveLength(1);
    expect((await move(terminalId, 6)).msg).toMatch(/status/);
    expect((await api.put('/terminal/status/update', { terminalId, status: 2 })).msg).toMatch(/reason/);
  });

  it('registering issues a new secret once; unregistering revokes it', async () => {
    const { terminalId, secret: first } = await addTerminal(api);
    const hash = async () => (await t.database.db.select().from(terminals).where(eq(terminals.terminalId, terminalId)))[0].secretHash;
    const reg = await api.put('/terminal/registered', { terminalId, registerState: 1 });
    expect(reg.data).toMatchObject({ terminalId, registerState: 1, secret: expect.any(String) });
    expect(reg.data.secret).not.toBe(first);
    expect(verifyTerminalSecret(reg.data.secret, await hash())).toBe(true);
    expect(verifyTerminalSecret(first, await hash())).toBe(false);

    const again = await api.put('/terminal/registered', { terminalId, registerState: 1 });
    expect(again.data).not.toHaveProperty('secret');
    const renewed = await api.put('/terminal/registered', { terminalId, registerState: 1, regenerateSecret: true });
    expect(verifyTerminalSecret(renewed.data.secret, await hash())).toBe(true);
    expect((await api.get(`/terminal/list?registerState=1`)).data.count).toBe(1);

    expect((await api.put('/terminal/registered', { terminalId, registerState: 2 })).data).toEqual({ terminalId, registerState: 2 });
    expect(await hash()).toBe('');
    expect((await api.put('/terminal/registered', { terminalId, registerState: 3 })).msg).toMatch(/registerState/);
  });
});
