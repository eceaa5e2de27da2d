import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceIdentity, type CommandMessage } from '@sl/contracts';
import type { Database } from '../src/db/client.js';
import { terminalCommands } from '../src/db/schema/index.js';
import { openTestDatabase } from './support/engines.js';
import { freePort, insertTerminal, nextMessage, startTestGateway } from './support/gateway.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 2000 });
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => (socket.destroy(), resolve(false)));
});
if (!redisUp) console.warn(`Redis at ${REDIS_URL} is not reachable: the embedded broker's Redis sessions test is skipped.`);

describe.skipIf(!redisUp)("the embedded broker's sessions in Redis (REDIS_URL)", () => {
  let database: Database;
  let port: number;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    port = await freePort();
  });
  afterAll(() => database?.close());

  it('gives a terminal its session back after a restart: no new subscription needed for a command to reach it', async () => {
    const env = { MQTT_PORT: String(port), REDIS_URL };
    const t = await insertTerminal(database.db, { family: 'rdcsm', model: 2 });
    const id = deviceIdentity(t.family, t.sn);
    const options = { clientId: id, username: id, password: t.secret, clean: false, reconnectPeriod: 0, connectTimeout: 5000 };
    let gateway = await startTestGateway(database.db, env);
    const first = await mqtt.connectAsync(gateway.url, options);
    await first.subscribeAsync(t.down('command'), { qos: 1 });
    await first.endAsync();
    await gateway.close();

    gateway = await startTestGateway(database.db, env);
    try {
      const back = await mqtt.connectAsync(gateway.url, options);
      const arrived = nextMessage<CommandMessage>(back, t.down('command'));
      const sent = await gateway.commands.send(t.terminalId, 'light.open', {});
      expect((await arrived).mid).toBe(sent.mid);
      const [task] = await database.db.select().from(terminalCommands).where(eq(terminalCommands.id, sent.taskId));
      expect(task.sentAt).not.toBeNull();
      await back.endAsync(true);
    } finally {
      await gateway.close();
    }
  });
});
