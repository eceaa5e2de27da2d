import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AlarmWorkflow } from '../src/alarms/alarm-workflow.js';
import { AlarmWriteRepository } from '../src/alarms/alarm-write-repository.js';
import { alarms, controlTasks, operLogs } from '../src/db/schema/index.js';
import { silentLog } from '../src/gateway/device-transport.js';
import { describeEachEngine } from './support/each-engine.js';
import { insertTerminal } from './support/gateway.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

// Issue 27: what the server stores (alarm descriptions, download outcomes, operation-log messages) is worded in
// the language of whoever reads it; rows written before the keys were stored read as they were written.
describeEachEngine('stored messages worded in the reader language', (engine) => {
  let t: TestApp;
  let token: string;
  let terminal: { terminalId: number; name: string; deptId: number; family: string };
  let other: typeof terminal;

  beforeAll(async () => {
    t = await createTestApp(engine);
    token = await t.login();
    const make = async (name: string) => ({ terminalId: (await insertTerminal(t.database.db, { deptId: 2, name })).terminalId, name, deptId: 2, family: 'rdc4m' });
    terminal = await make('words lamp');
    other = await make('words other');
  });
  afterAll(() => t?.close());

  const read = async <T>(language: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url: `/api/v1${url}`, headers: { ...bearer(token), 'accept-language': language }, ...(payload ? { payload } : {}) });
    const body = res.json();
    expect(body.code, body.msg).toBe(200);
    return body.data as T;
  };
  type AlarmRow = { alarmId: number; message: string };
  const alarmMessages = async (language: string) => {
    const list = (await read<{ list: AlarmRow[] }>(language, 'POST', '/alarm/list', { terminalId: terminal.terminalId, pageSize: 50 })).list;
    return list.map((a) => a.message).sort();
  };

  it('words generated alarm descriptions in each language, keeps manual text and older rows as written', async () => {
    const workflow = new AlarmWorkflow(new AlarmWriteRepository(t.database.db), () => undefined, silentLog);
    const voltage = await workflow.raise(terminal, 'voltageLow', { phase: 'a', value: 180.7 });
    await workflow.raise(terminal, 'currentHigh', { loop: 2, phase: 'b', value: 12.5 });
    // Through the batch path (the offline sweep's and the gateway's).
    await workflow.applyChanges([{ target: terminal, kind: 'communicationLost', raised: true }]);
    const manual = await read<AlarmRow>('zh-CN', 'POST', '/alarm/add', { terminalId: terminal.terminalId, kind: 'doorOpen', message: 'cabinet door found open by the crew' });
    // An alarm raised before migration 0024: English text, no key.
    await t.database.db.insert(alarms).values({ terminalId: terminal.terminalId, deptId: 2, kind: 'leakage', message: 'leakage (loop 1) value 42', value: 42, loop: 1 });

    expect(await alarmMessages('zh-CN,zh;q=0.9')).toEqual(
      ['cabinet door found open by the crew', 'leakage (loop 1) value 42', '电压过低（A 相），数值 180.7', '电流过高（回路 2，B 相），数值 12.5', '通信中断'].sort(),
    );
    expect(await alarmMessages('en-US')).toEqual(
      ['Communication lost', 'Current too high (loop 2, phase B) value 12.5', 'Supply voltage too low (phase A) value 180.7', 'cabinet door found open by the crew', 'leakage (loop 1) value 42'].sort(),
    );
    // The detail and the bell read the same way; the stored text stays the English one exports and older tools read.
    expect((await read<AlarmRow>('zh-CN', 'GET', `/alarm/info/${voltage!.alarmId}`)).message).toBe('电压过低（A 相），数值 180.7');
    const bell = await read<{ latest: AlarmRow[] }>('zh-CN', 'GET', '/alarm/number');
    expect(bell.latest.find((a) => a.alarmId === voltage!.alarmId)?.message).toBe('电压过低（A 相），数值 180.7');
    const [stored] = await t.database.db.select().from(alarms).where(eq(alarms.alarmId, voltage!.alarmId));
    expect(stored).toMatchObject({ message: 'voltageLow (phase A) value 180.7', messageKey: 'stored.alarmDescription' });
    // A description edited by hand is the operator's text from then on.
    await read('zh-CN', 'PUT', '/alarm/update', { alarmId: voltage!.alarmId, message: 'checked: supply company notified' });
    expect((await read<AlarmRow>('en-US', 'GET', `/alarm/info/${voltage!.alarmId}`)).message).toBe('checked: supply company notified');
    expect((await read<AlarmRow>('en-US', 'GET', `/alarm/info/${manual.alarmId}`)).message).toBe('cabinet door found open by the crew');
  });

  it('words download outcomes in each language and reads a terminal\'s own text and older rows as stored', async () => {
    // The test app has no device gateway: every download is recorded offline with its reason.
    const e = await read<{ id: number }>('en-US', 'POST', '/plan/emergency/add', { name: 'words storm', action: 'on', level: 100, groupMode: 1, targetIds: [terminal.terminalId, other.terminalId], durationMin: 30 });
    const tasks = async (language: string) =>
      (await read<{ list: Array<{ terminalId: number; cmd: string; msg: string }> }>(language, 'GET', `/policy/task?source=emergency&sourceId=${e.id}&pageSize=10`)).list;
    expect((await tasks('zh-CN')).map((x) => `${x.cmd}: ${x.msg}`)).toEqual(['override.set: 没有可用的设备网关', 'override.set: 没有可用的设备网关']);
    expect((await tasks('en-US')).map((x) => x.msg)).toEqual(['no device gateway', 'no device gateway']);
    const [row] = await t.database.db.select().from(controlTasks).where(eq(controlTasks.sourceId, e.id)).limit(1);
    expect(row).toMatchObject({ msg: 'no device gateway', msgKey: 'stored.noGateway' });

    // A terminal's own reply text, and a row written before the keys, are shown as they were stored.
    await t.database.db.update(controlTasks).set({ msg: 'relay 3 stuck', msgKey: null }).where(eq(controlTasks.terminalId, other.terminalId));
    const [older] = await t.database.db.select().from(controlTasks).where(eq(controlTasks.terminalId, other.terminalId));
    expect((await read<{ msg: string }>('zh-CN', 'GET', `/policy/task/info?id=${older.id}`)).msg).toBe('relay 3 stuck');
    expect((await tasks('zh-CN')).map((x) => x.msg).sort()).toEqual(['relay 3 stuck', '没有可用的设备网关']);
  });

  it('words the operation log in the reader language, success and failure alike, and keeps older rows', async () => {
    await t.database.db.delete(operLogs);
    await read('en-US', 'PUT', '/alarm/update', { alarmId: (await read<{ list: AlarmRow[] }>('en-US', 'POST', '/alarm/list', { pageSize: 1 })).list[0].alarmId, message: 'noted' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/alarm/add', headers: { ...bearer(token), 'accept-language': 'en-US' }, payload: { terminalId: 999_999, kind: 'doorOpen' } });
    expect(missing.json().code).toBe(404);
    await t.database.db.insert(operLogs).values({ username: 'old', title: 'old call', method: 'PUT', url: '/api/v1/x', httpStatus: 200, resultCode: 200, msg: 'alarm updated' });

    const messages = async (language: string) =>
      (await read<{ list: Array<{ username: string; msg: string; msgKey?: unknown }> }>(language, 'GET', '/sysOperLogList?pageSize=10')).list.map((l) => `${l.username}: ${l.msg}`).reverse();
    expect(await messages('zh-CN')).toEqual(['admin: 告警已更新', 'admin: 终端 999999 不存在或不在您的数据权限范围内', 'old: alarm updated']);
    expect(await messages('en-US')).toEqual(['admin: alarm updated', 'admin: Terminal 999999 does not exist or is outside your data scope', 'old: alarm updated']);
    const stored = await t.database.db.select().from(operLogs).where(eq(operLogs.username, 'admin'));
    expect(stored.map((s) => s.msgKey).sort()).toEqual(['alarm.terminalNotFound', 'done.alarmUpdated']);
  });
});
