import { eq, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { heartbeats } from '../src/db/schema/index.js';
import { openTestDatabase } from './support/engines.js';
import { connectTerminal, insertTerminal, lampHeartbeat, nextMessage, publishJson, startTestGateway } from './support/gateway.js';

describe('gateway when the database fails', () => {
  let database: Database;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let client: MqttClient;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    gateway = await startTestGateway(database.db);
  });
  afterAll(async () => {
    await client?.endAsync(true);
    await gateway?.close();
    await database?.close();
  });

  it('does not acknowledge a heartbeat it could not store, and stores it when the terminal resends', async () => {
    const t = await insertTerminal(database.db, { family: 'rdcsm', model: 2 });
    client = await connectTerminal(gateway.url, t);
    await database.db.execute(sql`alter table heartbeat rename to heartbeat_away`);
    const noAck = nextMessage(client, t.down('ack'), (m) => m.ref === 'db-1', 800);
    await publishJson(client, t.up('heartbeat'), lampHeartbeat('db-1'));
    await expect(noAck).rejects.toThrow(/no message/);

    await database.db.execute(sql`alter table heartbeat_away rename to heartbeat`);
    const ack = nextMessage(client, t.down('ack'), (m) => m.ref === 'db-1');
    await publishJson(client, t.up('heartbeat'), lampHeartbeat('db-1'));
    await ack;
    expect(await database.db.select().from(heartbeats).where(eq(heartbeats.terminalId, t.terminalId))).toHaveLength(1);
  });
});
