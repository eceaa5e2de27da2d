import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceIdentity } from '@sl/contracts';
import type { Database } from '../src/db/client.js';
import { terminalCommands } from '../src/db/schema/index.js';
import { CommandRepository } from '../src/gateway/command-repository.js';
import type { CommandEffects } from '../src/gateway/command-effects.js';
import { DeviceCommandService } from '../src/gateway/device-command-service.js';
import type { DeviceTransport } from '../src/gateway/device-transport.js';
import { TerminalDirectory } from '../src/gateway/terminal-directory.js';
import { TerminalRecordRepository } from '../src/gateway/terminal-record-repository.js';
import { openTestDatabase } from './support/engines.js';
import { captureLog, insertTerminal } from './support/gateway.js';

/**
 * A terminal that becomes ready between the command's "is it ready?" and the write of its queued row:
 * the ready handler claims the queue before the row is in it. Ordered here by holding the insert until
 * the handler's claim has run, which is what a connack written during the insert does.
 */
describe('a command sent while its terminal becomes ready', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(() => database?.close());

  it('is delivered once, not left queued until the next connect', async () => {
    const t = await insertTerminal(database.db, { family: 'rdcsm', model: 2 });
    const clientId = deviceIdentity(t.family, t.sn);
    const published: string[] = [];
    let ready = false;
    let onReady: (id: string) => void = () => {};
    const transport: DeviceTransport = {
      address: 'test', url: 'test', onMessage: () => {}, connectedCount: () => 1, close: async () => {},
      publish: async (topic, payload) => void published.push(`${topic} ${(JSON.parse(payload) as { mid: string }).mid}`),
      isReady: () => ready,
      onReady: (h) => void (onReady = h),
    };
    const repo = new CommandRepository(database.db);
    const directory = new TerminalDirectory(new TerminalRecordRepository(database.db));
    const commands = new DeviceCommandService(
      Object.assign(Object.create(repo) as CommandRepository, {
        insertMany: async (tasks: Parameters<CommandRepository['insertMany']>[0]) => {
          ready = true;
          onReady(clientId);
          await handled;
          return repo.insertMany(tasks);
        },
      }),
      directory, transport, {} as CommandEffects, captureLog(),
    );
    let handled: Promise<number> = Promise.resolve(0);
    transport.onReady!((id) => {
      if (id === clientId) handled = directory.find(t.family, t.sn).then((record) => commands.deliverQueued(record!));
    });

    const sent = await commands.send(t.terminalId, 'light.open', {});
    expect(await handled).toBe(0); // the handler's claim ran before the row existed
    expect(published).toEqual([`${t.down('command')} ${sent.mid}`]);
    const [task] = await database.db.select().from(terminalCommands).where(eq(terminalCommands.id, sent.taskId));
    expect(task.sentAt).not.toBeNull();
    expect(await commands.deliverQueued((await directory.find(t.family, t.sn))!)).toBe(0); // and nothing is left to send twice
  });
});
