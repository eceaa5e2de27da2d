import mqtt from 'mqtt';
import mqttPacket from 'mqtt-packet';
import type { DeviceTransport, GatewayLog, MessageHandler } from './device-transport.js';
import { InOrderAcks } from './in-order-acks.js';
import { MAX_PACKET_BYTES } from './packet-limit.js';

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
 * QoS 1 messages the broker may send this instance before their PUBACKs (MQTT 5 Receive Maximum): enough
 * to fill several heartbeat batches while earlier ones are written (docs/performance.md, "External broker").
 */
export const RECEIVE_MAXIMUM = 5000;

/**
 * The broker notices an instance whose host died silently after 1.5 keepalives. Until then, and for the session
 * expiry after, it routes part of the traffic to that instance, where it is lost if the instance never returns:
 * the terminals' resends (protocol §4: 3, 30 s apart) carry those messages to the others only when both together
 * stay inside the resend window.
 */
export const KEEPALIVE_S = 20;
const TERMINAL_RESEND_WINDOW_S = 90;

/** Handed to mqtt.js's handleMessage callback: it then sends no PUBACK and reads the next packet at once. */
const ACK_LATER = new Error('acknowledged once stored');

/**
 * A client of Mosquitto/EMQX; the broker authenticates the terminals (docs/scale-out.md). The session
 * is persistent and a message is acknowledged only once it is handled: what an instance that dies had
 * received but not stored, and what was routed to it while it was down, is delivered when it returns.
 * Messages are read without waiting for their storage: up to RECEIVE_MAXIMUM are handled at once, and
 * their PUBACKs leave in order as their batches are written.
 */
export async function connectExternalBroker(opts: ExternalBrokerOptions): Promise<DeviceTransport> {
  if (opts.sessionExpiryS + 1.5 * KEEPALIVE_S >= TERMINAL_RESEND_WINDOW_S) {
    opts.log.warn({ sessionExpiryS: opts.sessionExpiryS, keepaliveS: KEEPALIVE_S }, 'MQTT_SESSION_EXPIRY_S outlasts the terminals\' resends: readings queued for an instance that never returns are lost');
  }
  // A returning session's messages arrive right after CONNACK, before the gateway has said what to do with them.
  let setHandler: (h: MessageHandler) => void = () => {};
  const handler = new Promise<MessageHandler>((resolve) => (setHandler = resolve));
  const handling = new Set<Promise<void>>();
  const client = mqtt.connect(opts.url, {
    clientId: opts.clientId,
    protocolVersion: 5,
    keepalive: KEEPALIVE_S,
    clean: false,
    properties: { sessionExpiryInterval: opts.sessionExpiryS, receiveMaximum: RECEIVE_MAXIMUM, maximumPacketSize: MAX_PACKET_BYTES },
    reconnectPeriod: 2000,
    manualConnect: true,
    // An ack (QoS 0) that cannot leave now is not worth keeping: the terminal resends (protocol §4).
    queueQoSZero: false,
  });
  // mqtt.js reads the next packet only once this callback is called, and sends the PUBACK then: called at
  // once with ACK_LATER, it sends none, and the PUBACK is written here when the message is stored (or
  // refused). A PUBACK due on a connection that has since closed is not sent: the broker sends the
  // message again on the next one, where it is stored once (repeated mids are dropped) and acknowledged.
  const acks = new WeakMap<object, InOrderAcks>();
  const acksOf = (stream: typeof client.stream) => {
    let ordered = acks.get(stream);
    if (!ordered) {
      const puback = (messageId: number) => {
        if (client.stream === stream && !stream.destroyed) mqttPacket.writeToStream({ cmd: 'puback', messageId }, stream, { protocolVersion: 5 });
      };
      ordered = new InOrderAcks(puback);
      acks.set(stream, ordered);
    }
    return ordered;
  };
  client.handleMessage = (packet, done) => {
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const { messageId } = packet;
    const ordered = packet.qos === 1 && messageId !== undefined ? acksOf(client.stream) : undefined;
    ordered?.received(messageId!);
    const handled = handler
      .then((handle) => handle(packet.topic, payload))
      .catch((err) => opts.log.error({ err, topic: packet.topic }, 'up message not handled'))
      .then(() => ordered?.handled(messageId!));
    handling.add(handled);
    void handled.finally(() => handling.delete(handled));
    done(ordered ? ACK_LATER : undefined);
  };
  const filter = `$share/${opts.shareGroup}/sl/+/+/up/+`;
  let started = false;
  const subscribe = () =>
    client.subscribeAsync(filter, { qos: 1 }).catch((err) => opts.log.error({ err, filter }, 'shared subscription failed'));
  // After a reconnect, a session the broker no longer had comes back without its subscription.
  client.on('connect', (ack) => void (ack.sessionPresent || !started ? undefined : subscribe()));
  client.on('error', (err) => opts.log.warn({ err: err.message }, 'mqtt broker connection error'));
  // A returning session keeps its subscription; its queued messages wait for the handler.
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
    // A QoS 0 publish (an ack) is not awaited: with thousands of acks going out at once, waiting for each
    // to leave the socket would only pile up listeners.
    publish: async (topic, payload, qos = 1) => void (qos === 0 ? client.publish(topic, payload, { qos }) : await client.publishAsync(topic, payload, { qos })),
    connectedCount: () => 0,
    drain: async () => {
      await client.unsubscribeAsync(filter).catch((err) => opts.log.warn({ err, filter }, 'leaving the shared subscription failed'));
      while (handling.size) await Promise.allSettled([...handling]);
    },
    // A deliberate stop (after drain) ends the session, so the broker gives this instance's share to the others.
    close: () => client.endAsync(false, { properties: { sessionExpiryInterval: 0 } }),
  };
}
