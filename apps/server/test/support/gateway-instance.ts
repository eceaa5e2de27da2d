/**
 * One gateway instance in a process of its own, so a test can kill it as a crash would (SIGKILL) and
 * start it again. Env: DATABASE_URL, MQTT_URL, MQTT_CLIENT_ID, SHARE_GROUP, WATCH (a topic prefix).
 * Prints `ready`, then `took {mid}` for each message under WATCH it handled; SIGTERM stops it cleanly.
 */
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { silentLog, type DeviceTransport } from '../../src/gateway/device-transport.js';
import { connectExternalBroker } from '../../src/gateway/external-broker.js';
import { startGateway } from '../../src/gateway/gateway.js';

const config = loadConfig({ ...process.env, JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/sl-test-unused' });
const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
const log = { ...silentLog, warn: (obj: object, msg?: string) => console.error(msg, obj), error: (obj: object, msg?: string) => console.error(msg, obj) };
const broker = await connectExternalBroker({
  url: config.MQTT_URL!, shareGroup: process.env.SHARE_GROUP!, clientId: config.MQTT_CLIENT_ID!, sessionExpiryS: config.MQTT_SESSION_EXPIRY_S, log,
});
const watch = process.env.WATCH!;
const transport: DeviceTransport = {
  ...broker,
  onMessage: (handle) =>
    broker.onMessage(async (topic, payload) => {
      await handle(topic, payload);
      if (topic.startsWith(watch)) console.log(`took ${(JSON.parse(payload.toString()) as { mid: string }).mid}`);
    }),
};
const gateway = await startGateway({ config, db: database.db, engine: 'postgres', log, transport });
console.log('ready');
process.on('SIGTERM', () => {
  void gateway.close().then(() => database.close()).then(() => process.exit(0));
});
