import { eq, inArray } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandMessage } from '@sl/contracts';
import type { Database } from '../src/db/client.js';
import { terminalCommands, terminalLogs, terminals } from '../src/db/schema/index.js';
import { AppError } from '../src/http/errors.js';
import { openTestDatabase } from './support/engines.js';
import { captureLog, connectTerminal, insertTerminal, lampHeartbeat, nextMessage, publishJson, startTestGateway, waitFor, type TestTerminal } from './support/gateway.js';

describe('gateway commands', () => {
  let database: Database;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  const clients: MqttClient[] = [];
  const log = captureLog();
  const task = async (id: number) => (await database.db.select().from(terminalCommands).where(eq(terminalCommands.id, id)))[0];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    // Every message stored at once, so "said nothing since the command" is exact.
    gateway = await startTestGateway(database.db, { SWEEP_INTERVAL_MS: '100' }, { presenceRefreshMs: 0, log });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await gateway?.close();
    await database?.close();
  });

  it('delivers a command on down/command and settles the task with the reply', async () => {
    const t = await insertTerminal(database.db, { family: 'rdc4m', model: 1 });
    const client = await connectTerminal(gateway.url, t);
    clients.push(client);
    const arrived = nextMessage<CommandMessage>(client, t.down('command'));
    const sent = await gateway.commands.send(t.terminalId, 'light.open', { loops: [1, 2] });
    const cmd = await arrived;
    expect(cmd).toMatchObject({ mid: sent.mid, cmd: 'light.open', params: { loops: [1, 2] } });
    expect(cmd.expiresAt).toBeGreaterThan(Date.now());
    expect(await task(sent.taskId)).toMatchObject({ state: 'pending', cmd: 'light.open' });

    await publishJson(client, t.up('reply'), { mid: 'r-1', ts: Date.now(), ref: cmd.mid, ok: true, code: 0, msg: '', data: {} });
    const done = await waitFor(async () => ((await task(sent.taskId)).state !== 'pending' ? task(sent.taskId) : undefined), 3000, 'settled task');
    expect(done).toMatchObject({ state: 'succeeded', replyCode: 0 });
    expect(done.finishedAt).not.toBeNull();
  });

  it('records a failed reply and applies what a succeeded command changes', async () => {
    const t = await insertTerminal(database.db, { family: 'rdcsm', model: 1 });
    const client = await connectTerminal(gateway.url, t);
    clients.push(client);
    const run = async (cmd: 'lock.set' | 'clock.set', params: Record<string, unknown>, ok: boolean) => {
      const arrived = nextMessage<CommandMessage>(client, t.down('command'), (m) => m.cmd === cmd);
      const sent = await gateway.commands.send(t.terminalId, cmd, params);
      const m = await arrived;
      await publishJson(client, t.up('reply'), { mid: `r-${m.mid}`, ts: Date.now(), ref: m.mid, ok, code: ok ? 0 : 4, msg: ok ? '' : 'relay stuck' });
      return waitFor(async () => ((await task(sent.taskId)).state !== 'pending' ? task(sent.taskId) : undefined), 3000, 'settled');
    };
    expect(await run('clock.set', { time: Date.now() }, false)).toMatchObject({ state: 'failed', replyCode: 4, replyMsg: 'relay stuck' });
    expect(await run('lock.set', { locked: true }, true)).toMatchObject({ state: 'succeeded' });
    expect((await database.db.select().from(terminals).where(eq(terminals.terminalId, t.terminalId)))[0].locked).toBe(true);
    const kinds = (await database.db.select().from(terminalLogs).where(eq(terminalLogs.terminalId, t.terminalId))).map((l) => l.kind);
    expect(kinds).toEqual(expect.arrayContaining(['gmt', 'lock']));
  });

  it('times out an unanswered command and ignores its late reply', async () => {
    const t = await insertTerminal(database.db, { family: 'rdc4m', model: 2 });
    const client = await connectTerminal(gateway.url, t);
    clients.push(client);
    const arrived = nextMessage<CommandMessage>(client, t.down('command'));
    const sent = await gateway.commands.send(t.terminalId, 'light.dim', { level: 40 }, { ttlMs: 300 });
    await arrived;
    const done = await waitFor(async () => ((await task(sent.taskId)).state === 'timedOut' ? task(sent.taskId) : undefined), 3000, 'timedOut');
    expect(done.replyCode).toBeNull();
    await publishJson(client, t.up('reply'), { mid: 'late-1', ts: Date.now(), ref: sent.mid, ok: true, code: 0 });
    await waitFor(() => log.entries.some((e) => e.msg === 'late or unknown command reply ignored' && e.obj.ref === sent.mid), 10_000, 'the late reply to be handled');
    expect((await task(sent.taskId)).state).toBe('timedOut');
  });

  it('marks a terminal offline at once when it leaves a command unanswered and says nothing since; one that speaks stays online', async () => {
    const terminalRow = async (id: number) => (await database.db.select().from(terminals).where(eq(terminals.terminalId, id)))[0];
    const online = async (t: TestTerminal, client: MqttClient, mid: string) => {
      await publishJson(client, t.up('heartbeat'), lampHeartbeat(mid));
      await waitFor(async () => (await terminalRow(t.terminalId)).onlineState === 1, 3000, 'online');
    };
    // An hour between heartbeats: the offline sweep alone would take three hours to notice.
    const silent = await insertTerminal(database.db, { family: 'rdcsm', model: 2, heartbeatS: 3600 });
    const talking = await insertTerminal(database.db, { family: 'rdcsm', model: 2, heartbeatS: 3600 });
    const [silentClient, talkingClient] = [await connectTerminal(gateway.url, silent), await connectTerminal(gateway.url, talking)];
    clients.push(silentClient, talkingClient);
    await online(silent, silentClient, 'u-1');
    await online(talking, talkingClient, 'u-2');

    const arrived = [nextMessage<CommandMessage>(silentClient, silent.down('command')), nextMessage<CommandMessage>(talkingClient, talking.down('command'))];
    const sent = [await gateway.commands.send(silent.terminalId, 'light.close', {}, { ttlMs: 500 }), await gateway.commands.send(talking.terminalId, 'light.close', {}, { ttlMs: 500 })];
    await Promise.all(arrived);
    await publishJson(talkingClient, talking.up('heartbeat'), lampHeartbeat('u-3'));
    for (const s of sent) await waitFor(async () => (await task(s.taskId)).state === 'timedOut', 3000, 'timedOut');

    await waitFor(async () => (await terminalRow(silent.terminalId)).onlineState === 2, 3000, 'the silent terminal offline');
    const unline = (await database.db.select().from(terminalLogs).where(eq(terminalLogs.terminalId, silent.terminalId))).filter((l) => l.kind === 'unline');
    expect(unline.map((l) => l.msg)).toEqual(['command not answered']);
    await gateway.sweep();
    expect((await terminalRow(talking.terminalId)).onlineState).toBe(1);
  });

  it('rejects bad parameters and unknown terminals before anything is sent', async () => {
    const t = await insertTerminal(database.db, { family: 'rdc4m', model: 2 });
    await expect(gateway.commands.send(t.terminalId, 'light.dim', { level: 140 })).rejects.toBeInstanceOf(AppError);
    await expect(gateway.commands.send(t.terminalId, 'manauto.recover', { extra: 1 })).rejects.toThrow(/Bad parameters/);
    await expect(gateway.commands.send(999_999, 'light.open', {})).rejects.toThrow(/does not exist/i);
    expect(await database.db.select().from(terminalCommands).where(eq(terminalCommands.terminalId, t.terminalId))).toHaveLength(0);
  });

  it('sends many commands at once: each outcome in order, the refused ones saying why; a burst of replies settles each task and logs each', async () => {
    const [a, b] = [await insertTerminal(database.db, { family: 'rdcsm', model: 2 }), await insertTerminal(database.db, { family: 'rdcsm', model: 2 })];
    const [ca, cb] = [await connectTerminal(gateway.url, a), await connectTerminal(gateway.url, b)];
    clients.push(ca, cb);
    const received = (client: MqttClient, t: TestTerminal, n: number) => new Promise<CommandMessage[]>((resolve) => {
      const got: CommandMessage[] = [];
      client.on('message', (topic, payload) => {
        if (topic === t.down('command') && got.push(JSON.parse(payload.toString()) as CommandMessage) === n) resolve(got);
      });
    });
    const [toA, toB] = [received(ca, a, 10), received(cb, b, 10)];
    const requests = [
      ...Array.from({ length: 10 }, () => ({ terminalId: a.terminalId, cmd: 'clock.set' as const, params: { time: Date.now() } })),
      { terminalId: a.terminalId, cmd: 'light.dim' as const, params: { level: 140 } },
      { terminalId: 999_999, cmd: 'light.open' as const, params: {} },
      ...Array.from({ length: 10 }, () => ({ terminalId: b.terminalId, cmd: 'clock.set' as const, params: { time: Date.now() } })),
    ];
    const outcomes = await gateway.commands.sendMany(requests);
    expect(outcomes.map((o) => ('error' in o ? (o.error as Error).message.match(/Bad parameters|does not exist/i)?.[0].toLowerCase() : 'sent'))).toEqual([
      ...Array<string>(10).fill('sent'), 'bad parameters', 'does not exist', ...Array<string>(10).fill('sent'),
    ]);
    const sent = outcomes.filter((o) => !('error' in o)) as Array<{ taskId: number; mid: string }>;
    expect(new Set(sent.map((o) => o.taskId)).size).toBe(20);
    const commands = [...(await toA), ...(await toB)];
    expect(commands.map((c) => c.mid).sort()).toEqual(sent.map((o) => o.mid).sort());

    // Every reply at once, a's replies twice: each task is settled by its first reply, the repeats are late.
    const reply = (client: MqttClient, t: TestTerminal, c: CommandMessage, n: number) =>
      publishJson(client, t.up('reply'), { mid: `r-${n}-${c.mid}`, ts: Date.now(), ref: c.mid, ok: n === 0, code: n });
    const [ofA, ofB] = [commands.slice(0, 10), commands.slice(10)];
    await Promise.all([...ofA.map((c) => reply(ca, a, c, 0)), ...ofB.map((c) => reply(cb, b, c, 0)), ...ofA.map((c) => reply(ca, a, c, 7))]);
    const tasks = await waitFor(async () => {
      const rows = await database.db.select().from(terminalCommands).where(inArray(terminalCommands.id, sent.map((o) => o.taskId)));
      return rows.every((r) => r.state !== 'pending') ? rows : undefined;
    }, 10_000, 'every task settled');
    expect(tasks.map((t) => t.state)).toEqual(Array<string>(20).fill('succeeded'));
    await waitFor(() => ofA.every((c) => log.entries.some((e) => e.msg === 'late or unknown command reply ignored' && e.obj.ref === c.mid)), 10_000, 'the repeats ignored');
    const gmt = await database.db.select().from(terminalLogs).where(inArray(terminalLogs.terminalId, [a.terminalId, b.terminalId]));
    expect(gmt.filter((l) => l.kind === 'gmt')).toHaveLength(20);
  });

  it('writes the other commands of a slice when one terminal was deleted elsewhere while this gateway still knew it', async () => {
    const [gone, live] = [await insertTerminal(database.db, { family: 'rdcsm', model: 2 }), await insertTerminal(database.db, { family: 'rdcsm', model: 2 })];
    // Both in the gateway's directory; then one is deleted as another instance would delete it (no invalidation here).
    const first = await gateway.commands.sendMany([gone, live].map((t) => ({ terminalId: t.terminalId, cmd: 'clock.set' as const, params: { time: Date.now() } })));
    expect(first.every((o) => !('error' in o))).toBe(true);
    await database.db.delete(terminals).where(eq(terminals.terminalId, gone.terminalId));

    const outcomes = await gateway.commands.sendMany([gone, live, live].map((t) => ({ terminalId: t.terminalId, cmd: 'clock.set' as const, params: { time: Date.now() } })));
    expect(outcomes.map((o) => ('error' in o ? 'failed' : 'sent'))).toEqual(['failed', 'sent', 'sent']);
    const rows = await database.db.select().from(terminalCommands).where(eq(terminalCommands.terminalId, live.terminalId));
    expect(rows).toHaveLength(3);
  });
});
