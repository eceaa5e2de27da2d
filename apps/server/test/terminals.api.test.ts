import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { terminals } from '../src/db/schema/index.js';
import { verifyTerminalSecret } from '../src/gateway/terminal-secret.js';
import { describeEachEngine } from './support/each-engine.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { addTerminal, caller, terminalBody, type Caller } from './terminals-fixtures.js';

describeEachEngine('terminals: CRUD', (engine) => {
  let t: TestApp;
  let api: Caller;
  beforeAll(async () => {
    t = await createTestApp(engine);
    api = caller(t, await t.login());
  });
  afterAll(() => t?.close());

  it('adds, reads, edits and deletes a terminal under both spellings; the secret is shown once and stored hashed', async () => {
    const added = await api.post('/addterminal', terminalBody({ sn: 'CRUD-0001', name: 'Gate lamp', manufacturer: 'WQ', lng: 121.5, lat: 31.2, installDate: '2025-01-02' }));
    expect(added).toMatchObject({ code: 200, data: { sn: 'CRUD-0001', manufacturer: 'WQ', deptName: '运维一部', status: 1, registerState: 2, installDate: '2025-01-02' } });
    const { terminalId, secret } = added.data;
    expect(secret).toMatch(/^[\w-]{24,}$/);
    const [row] = await t.database.db.select().from(terminals).where(eq(terminals.terminalId, terminalId));
    expect(row.secretHash).not.toContain(secret);
    expect(verifyTerminalSecret(secret, row.secretHash)).toBe(true);

    for (const url of [`/terminalInfo/${terminalId}`, `/terminal/info/${terminalId}`]) {
      const info = await api.get(url);
      expect(info.data).toMatchObject({ terminalId, name: 'Gate lamp', latestHeartbeat: null });
      expect(info.data).not.toHaveProperty('secret');
      expect(info.data).not.toHaveProperty('secretHash');
    }
    const edited = await api.put('/editterminal', { ...terminalBody({ sn: 'CRUD-0001', name: 'Renamed' }), terminalId, area: 'North' });
    expect(edited).toMatchObject({ code: 200, data: { name: 'Renamed', area: 'North', status: 1 } });
    expect((await api.put('/terminal/edit', { ...terminalBody({ sn: 'CRUD-0001', name: 'Again' }), terminalId })).data.name).toBe('Again');

    expect((await api.del(`/delterminal/${terminalId}`)).code).toBe(200);
    expect((await api.get(`/terminal/info/${terminalId}`)).code).toBe(404);
    const other = await addTerminal(api);
    expect((await api.del(`/terminal/del/${other.terminalId}`)).code).toBe(200);
  });

  it("sets a terminal's enterprise and names it in the list and the detail; an edit changes or clears it (issue 28 item 8)", async () => {
    const east = (await api.post('/enterpriseAdd', { name: 'East Lighting', code: 'ent-east' })).data.enterpriseId as number;
    const west = (await api.post('/enterpriseAdd', { name: 'West Lighting', code: 'ent-west' })).data.enterpriseId as number;
    const added = await api.post('/terminal/add', terminalBody({ sn: 'ENT-0001', enterpriseId: east }));
    expect(added.data).toMatchObject({ enterpriseId: east, enterpriseName: 'East Lighting' });
    const { terminalId } = added.data;
    const named = async () => [
      (await api.get('/terminal/list?pageIndex=1&pageSize=10&sn=ENT-0001')).data.list.map((x: { enterpriseName: string }) => x.enterpriseName),
      (await api.get(`/terminal/info/${terminalId}`)).data.enterpriseName,
    ];
    expect(await named()).toEqual([['East Lighting'], 'East Lighting']);
    expect((await api.put('/terminal/edit', { ...terminalBody({ sn: 'ENT-0001', enterpriseId: west }), terminalId })).code).toBe(200);
    expect(await named()).toEqual([['West Lighting'], 'West Lighting']);
    expect((await api.put('/terminal/edit', { ...terminalBody({ sn: 'ENT-0001', enterpriseId: null }), terminalId })).code).toBe(200);
    expect(await named()).toEqual([[''], '']);
  });

  it('refuses to delete a terminal in use', async () => {
    const used = await addTerminal(api, { status: 3 });
    const res = await api.del(`/terminal/del/${used.terminalId}`);
    expect(res).toMatchObject({ code: 400, msg: expect.stringMatching(/in use/) });
    expect((await api.get(`/terminal/info/${used.terminalId}`)).code).toBe(200);
  });

  it('keeps serial numbers unique per family', async () => {
    await addTerminal(api, { sn: 'DUP-0001', family: 'rdcsm' });
    expect(await api.post('/terminal/add', terminalBody({ sn: 'DUP-0001', family: 'rdcsm' }))).toMatchObject({ code: 400, msg: expect.stringMatching(/DUP-0001.*already taken/) });
    expect((await api.post('/terminal/add', terminalBody({ sn: 'DUP-0001', family: 'rdc4m' }))).code).toBe(200);
    const other = await addTerminal(api, { sn: 'DUP-0002' });
    const clash = await api.put('/terminal/edit', { ...terminalBody({ sn: 'DUP-0001' }), terminalId: other.terminalId });
    expect(clash.code).toBe(400);
  });

  it('answers 400 naming the field for bad input', async () => {
    const bad = async (body: Record<string, unknown>, field: RegExp) => {
      const res = await api.post('/terminal/add', body);
      expect(res.code, JSON.stringify(body)).toBe(400);
      expect(res.msg).toMatch(field);
    };
    const { sn: _sn, ...noSn } = terminalBody();
    await bad(noSn, /sn/);
    await bad({ ...terminalBody(), name: '' }, /name is required/);
    await bad({ ...terminalBody(), family: 'rdcxx' }, /family must be rdcsm or rdc4m/);
    await bad({ ...terminalBody(), sn: 'a b' }, /sn must be 4-32/);
    await bad({ ...terminalBody(), sn: 'x'.repeat(33) }, /sn must be 4-32/);
    await bad({ ...terminalBody(), name: 'x'.repeat(65) }, /name must be at most 64/);
    await bad({ ...terminalBody(), model: '2' }, /model/);
    await bad({ ...terminalBody(), model: 3 }, /model must be 1/);
    await bad({ ...terminalBody(), manufacturer: 'XX' }, /manufacturer/);
    await bad({ ...terminalBody(), lng: 200 }, /lng/);
    await bad({ ...terminalBody(), status: 6 }, /status/);
    await bad({ ...terminalBody(), installDate: 'yesterday' }, /installDate/);
    await bad({ ...terminalBody(), deptId: 999 }, /Department 999/);
    await bad({ ...terminalBody(), enterpriseId: 999 }, /Enterprise 999/);
    await bad({ ...terminalBody(), boxId: 999 }, /Box 999/);
    await bad({ ...terminalBody(), family: 'rdc4m', model: 1, loops: 8 }, /loops/);
    expect((await api.put('/terminal/edit', terminalBody())).msg).toMatch(/terminalId/);
    expect((await api.get('/terminal/list?status=9')).msg).toMatch(/status/);
    expect((await api.get('/terminal/info/abc')).code).toBe(400);
  });
});
