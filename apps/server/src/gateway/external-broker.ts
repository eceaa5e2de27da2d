import { randomUUID } from 'node:crypto';
import mqtt from 'mqtt';
import type { DeviceTransport, GatewayLog, MessageHandler } from './device-transport.js';

export interface ExternalBrokerOptions {
  url: string;
  /** Shared-subscription group: the instances in one group split the device traffic. */
  shareGroup: string;
  log: GatewayLog;
}

/** A client of Mosquitto/EMQX; the broker authenticates the terminals (docs/scale-out.md). */
export async function connectExternalBroker(opts: ExternalBrokerOptions): Promise<DeviceTransport> {
  const client = await mqtt.connectAsync(opts.url, {
    clientId: `sl-gateway-${randomUUID()}`,
    protocolVersion: 5,
    clean: true,
    reconnectPeriod: 2000,
  });
  const filter = `$share/${opts.shareGroup}/sl/+/+/up/+`;
  const subscribe = () =>
    client.subscribeAsync(filter, { qos: 1 }).catch((err) => opts.log.error({ err, filter }, 'shared subscription failed'));
  await client.subscribeAsync(filter, { qos: 1 });
  // A clean session loses its subscriptions when the connection drops.
  client.on('connect', (connack) => void (connack.sessionPresent ? undefined : subscribe()));
  client.on('error', (err) => opts.log.warn({ err: err.message }, 'mqtt broker connection error'));
  let handler: MessageHandler = () => {};
  client.on('message', (topic, payload) => handler(topic, payload));
  const where = new URL(opts.url);
  where.username = '';
  where.password = '';

  return {
    address: `${where.toString()} (shared subscription ${filter})`,
    onMessage: (h) => void (handler = h),
    publish: async (topic, payload, qos = 1) => void (await client.publishAsync(topic, payload, { qos })),
    connectedCount: () => 0,
    close: () => client.endAsync(),
  };
}
