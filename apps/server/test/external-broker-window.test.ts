import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import mqtt from 'mqtt';
import mqttPacket from 'mqtt-packet';
import { afterAll, describe, expect, it } from 'vitest';
import { silentLog, type DeviceTransport } from '../src/gateway/device-transport.js';
import { connectExternalBroker } from '../src/gateway/external-broker.js';
import { waitFor } from './support/gateway.js';
import { MOSQUITTO_URL, mosquittoAvailable } from './support/mosquitto.js';

const up = await mosquittoAvailable();

/**
 * Issue 26 item 1: behind an external broker the gateway read one message at a time and each waited for its
 * batch to be written (about 18 stored a second). Between the gateway and Mosquitto, a proxy reads the
 * packets both ways: the PUBLISHes the broker sends and the PUBACKs the gateway answers with.
 */
describe.skipIf(!up)('external broker: messages read without waiting for their storage', () => {
  const closing: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const close of closing.reverse()) await close().catch(() => undefined);
  });

  it('hands the gateway many messages at once, and acknowledges each once handled, in the order received', async () => {
    const tag = randomBytes(4).toString('hex');
    const proxy = await wireProxy(MOSQUITTO_URL);
    closing.push(() => proxy.close());
    const transport: DeviceTransport = await connectExternalBroker({ url: proxy.url, shareGroup: `sl-test-${tag}`, clientId: `sl-test-${tag}`, sessionExpiryS: 0, log: silentLog });
    closing.push(() => transport.close());
    const held: Array<{ mid: string; release: () => void }> = [];
    transport.onMessage((_topic, payload) => new Promise<void>((release) => void held.push({ mid: (JSON.parse(payload.toString()) as { mid: string }).mid, release })));

    const publisher = await mqtt.connectAsync(MOSQUITTO_URL, { clientId: `sl-test-pub-${tag}`, reconnectPeriod: 0 });
    closing.push(() => publisher.endAsync(true));
    const count = 50;
    await Promise.all(Array.from({ length: count }, (_, i) => publisher.publishAsync(`sl/rdcsm/W${tag}/up/heartbeat`, JSON.stringify({ mid: `w-${i}` }), { qos: 1 })));

    // All of them in hand at once, none stored yet (before: the second waited for the first).
    await waitFor(() => held.length === count, 5000, `${count} messages handed over together`);
    expect(proxy.pubacks).toEqual([]);
    // Stored last to first: the PUBACKs still leave first to last, once the first one is stored.
    for (const m of [...held].reverse()) m.release();
    await waitFor(() => proxy.pubacks.length === count, 5000, 'every PUBACK');
    expect(proxy.pubacks).toEqual(proxy.publishes);
  });
});

/** A TCP proxy to the broker that parses what passes: the broker's PUBLISH ids and the client's PUBACK ids, in order. */
async function wireProxy(brokerUrl: string) {
  const target = new URL(brokerUrl);
  const publishes: number[] = [];
  const pubacks: number[] = [];
  const sockets: Socket[] = [];
  const server: Server = createServer((client) => {
    const broker = connect({ host: target.hostname, port: Number(target.port || 1883) });
    sockets.push(client, broker);
    const fromClient = mqttPacket.parser({ protocolVersion: 5 });
    const fromBroker = mqttPacket.parser({ protocolVersion: 5 });
    fromClient.on('packet', (p) => p.cmd === 'puback' && pubacks.push(p.messageId!));
    fromBroker.on('packet', (p) => p.cmd === 'publish' && p.qos === 1 && publishes.push(p.messageId!));
    client.on('data', (d) => (fromClient.parse(d), broker.write(d)));
    broker.on('data', (d) => (fromBroker.parse(d), client.write(d)));
    for (const [a, b] of [[client, broker], [broker, client]]) {
      a.on('close', () => b.destroy());
      a.on('error', () => b.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `mqtt://127.0.0.1:${port}`,
    publishes,
    pubacks,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
