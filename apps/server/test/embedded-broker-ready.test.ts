import { Readable } from 'node:stream';
import memoryPersistence from 'aedes-persistence';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceTransport } from '../src/gateway/device-transport.js';
import { startEmbeddedBroker } from '../src/gateway/embedded-broker.js';
import { captureLog, freePort } from './support/gateway.js';

/**
 * aedes answers a returning terminal's CONNACK before it has sent what the session held, and marks the
 * client connected only after. The command service relies on the transport's promise that a terminal it
 * is told is ready is ready when asked: here the session's queue is held open to keep the terminal in between.
 */
describe("the embedded broker's ready terminals", () => {
  let transport: DeviceTransport;
  let release: () => void = () => {};
  let hold = false;
  let opened: () => void = () => {};
  const queueOpened = new Promise<void>((resolve) => (opened = resolve));
  const seen: { clientId: string; ready: boolean }[] = [];

  beforeAll(async () => {
    const memory = memoryPersistence();
    const persistence = new Proxy(memory, {
      get(target, prop) {
        if (prop === 'outgoingStream') {
          return (client: Parameters<typeof target.outgoingStream>[0]) => {
            if (!hold) return target.outgoingStream(client);
            const held = new Promise<void>((resolve) => (release = resolve));
            opened();
            return Readable.from((async function* () {
              await held;
              yield* target.outgoingStream(client);
            })());
          };
        }
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    transport = await startEmbeddedBroker({
      port: await freePort(), host: '127.0.0.1', persistence,
      authenticate: () => Promise.resolve(undefined),
      refuseSignIn: () => {}, reject: () => {}, log: captureLog(),
    });
    transport.onReady!((clientId) => seen.push({ clientId, ready: transport.isReady!(clientId) }));
  });
  afterAll(() => transport?.close());

  it('tells of a restored session only once the terminal is connected, and then it is ready', async () => {
    const id = 'rdcsm:Tready01';
    const options = { clientId: id, username: id, password: 'x', clean: false, reconnectPeriod: 0, connectTimeout: 5000 };
    const first = await mqtt.connectAsync(transport.url, options);
    await first.subscribeAsync('sl/rdcsm/Tready01/down/command', { qos: 1 });
    await first.endAsync();
    expect(seen).toEqual([{ clientId: id, ready: true }]);

    hold = true;
    const back = await mqtt.connectAsync(transport.url, options);
    try {
      expect(back.connected).toBe(true);
      await queueOpened; // aedes opens the session's queue after its CONNACK was written and told of
      expect(transport.isReady!(id)).toBe(false);
      expect(seen).toHaveLength(1);

      release();
      await expect.poll(() => seen.length).toBe(2);
      expect(seen[1]).toEqual({ clientId: id, ready: true });
      expect(transport.isReady!(id)).toBe(true);
    } finally {
      await back.endAsync(true);
    }
  });
});
