import mqtt from 'mqtt';
import type { DeviceTransport, GatewayLog, MessageHandler } from './device-transport.js';

export interface ExternalBrokerOptions {
  url: string;
  /** Shared-subscription group: the instances in one group split the device traffic. */
  shareGroup: string;
  /** The same on every start of this instance, so it finds its session again; unique among instances. */
  clientId: string;
  /** How long the broker keeps the session (and queues this instance's share) while it is away. */
  sessionExpiryS: number;
  log: GatewayLog;
}

/**
 * A client of Mosquitto/EMQX; the broker authenticates the terminals (docs/scale-out.md). The session
 * is persistent and a message is acknowledged only once it is handled: what an instance that dies had
 * received but not stored, and what was routed to it while it was down, is delivered when it returns.
 */
export async function connectExternalBroker(opts: ExternalBrokerOptions): Promise<DeviceTransport> {
  // A returning session's messages arrive right after CONNACK, before the gateway has said what to do with them.
  let setHandler: (h: MessageHandler) => void = () => {};
  const handler = new Promise<MessageHandler>((resolve) => (setHandler = resolve));
  const handling = new Set<Promise<void>>();
  const client = mqtt.connect(opts.url, {
    clientId: opts.clientId,
    protocolVersion: 5,
    clean: false,
    properties: { sessionExpiryInterval: opts.sessionExpiryS },
    reconnectPeriod: 2000,
    manualConnect: true,
  });
  // The PUBACK leaves when the callback is called: after the message is stored (or refused).
  client.handleMessage = (packet, done) => {
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const handled = handler.then((handle) => handle(packet.topic, payload)).then(
      () => done(),
      (err) => {
        opts.log.error({ err, topic: packet.topic }, 'up message not handled');
        done();
      },
    );
    handling.add(handled);
    void handled.finally(() => handling.delete(handled));
  };
  const filter = `$share/${opts.shareGroup}/sl/+/+/up/+`;
  let started = false;
  const subscribe = () =>
    client.subscribeAsync(filter, { qos: 1 }).catch((err) => opts.log.error({ err, filter }, 'shared subscription failed'));
  // After a reconnect, a session the broker no longer had comes back without its subscription.
  client.on('connect', (ack) => void (ack.sessionPresent || !started ? undefined : subscribe()));
  client.on('error', (err) => opts.log.warn({ err: err.message }, 'mqtt broker connection error'));
  // A returning session keeps its subscription; its queued messages wait for the handler (mqtt.js reads
  // nothing else meanwhile, so a SUBACK awaited here would never come).
  const connack = await new Promise<{ sessionPresent: boolean }>((resolve, reject) => {
    client.once('connect', resolve);
    client.once('error', reject);
    client.connect();
  });
  if (!connack.sessionPresent) await client.subscribeAsync(filter, { qos: 1 });
  started = true;
  const where = new URL(opts.url);
  where.username = '';
  where.password = '';

  return {
    address: `${where.toString()} (shared subscription ${filter}, session ${opts.clientId})`,
    url: where.toString(),
    onMessage: (h) => setHandler(h),
    publish: async (topic, payload, qos = 1) => void (await client.publishAsync(topic, payload, { qos })),
    connectedCount: () => 0,
    drain: async () => {
      await client.unsubscribeAsync(filter).catch((err) => opts.log.warn({ err, filter }, 'leaving the shared subscription failed'));
      while (handling.size) await Promise.allSettled([...handling]);
    },
    // A deliberate stop (after drain) ends the session, so the broker gives this instance's share to the others.
    close: () => client.endAsync(false, { properties: { sessionExpiryInterval: 0 } }),
  };
}
