import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import mqttPacket from 'mqtt-packet';
import { MAX_PAYLOAD_BYTES } from '@sl/contracts';
import type { DeviceTransport, GatewayLog, MessageHandler, RejectReason, SignInRefusal } from './device-transport.js';
import { limitPacketSize } from './packet-limit.js';
import type { SignInAttempt } from './sign-in.js';
import type { SignInThrottle } from './sign-in-throttle.js';
import { filterWithin, parseIdentity, topicMatches } from './terminal-identity.js';

export interface EmbeddedBrokerOptions {
  port: number;
  host?: string;
  /** Where sessions live (an aedes persistence); aedes' memory when absent. */
  persistence?: unknown;
  /** Checks a terminal's sign-in (protocol §2); a reason refuses it. */
  authenticate(attempt: SignInAttempt): Promise<SignInRefusal | undefined>;
  refuseSignIn(reason: SignInRefusal, who: { clientId: string; username: string | undefined; address?: string }, level?: 'warn' | 'debug'): void;
  reject(reason: RejectReason, detail: object): void;
  /** Counts wrong sign-ins per client id and address; a locked one is refused before its secret is checked. */
  throttle?: SignInThrottle;
  log: GatewayLog;
}

const addressOf = (client: Client) => (client.conn as { remoteAddress?: string } | undefined)?.remoteAddress;

/** aedes' `maxClientsIdLength`, the MQTT 3.1 limit. */
const MQTT31_MAX_CLIENT_ID = 23;
const notAuthorized = () => Object.assign(new Error('not authorized'), { returnCode: 5 }) as AuthenticateError;

/** aedes on a TCP port: terminals authenticate with their own credentials and stay inside their own topics. */
export async function startEmbeddedBroker(opts: EmbeddedBrokerOptions): Promise<DeviceTransport> {
  const prefixes = new WeakMap<Client, string>();
  let handler: MessageHandler = () => {};
  const broker = await Aedes.createBroker({ drainTimeout: 30_000, ...(opts.persistence ? { persistence: opts.persistence } : {}) });
  const { throttle } = opts;
  broker.authenticate = (client, username, password, done) => {
    const who = { clientId: client.id, username, address: addressOf(client) };
    // A locked client id or address is refused before any database read or hash (protocol §2).
    if (throttle && !throttle.reserve(who)) {
      opts.refuseSignIn('throttled', who, 'debug');
      return done(notAuthorized(), false);
    }
    opts.authenticate({ clientId: client.id, username, password: password?.toString('utf8') }).then(
      (refused) => {
        const key = refused ? undefined : parseIdentity(username);
        if (key) prefixes.set(client, `sl/${key.family}/${key.sn}/`);
        else opts.refuseSignIn(refused ?? 'badUsername', who);
        if (key) throttle?.release(who);
        else for (const lock of throttle?.fail(who) ?? []) opts.log.warn({ ...who, key: lock.key, until: new Date(lock.until).toISOString() }, 'mqtt sign-ins throttled');
        done(key ? null : notAuthorized(), !!key);
      },
      (err) => {
        opts.log.error({ err, username }, 'terminal authentication failed');
        throttle?.release(who);
        opts.refuseSignIn('unavailable', who);
        done(Object.assign(new Error('server unavailable'), { returnCode: 3 }) as AuthenticateError, false);
      },
    );
  };
  broker.authorizePublish = (client, packet, done) => {
    const prefix = client ? prefixes.get(client) : undefined;
    if (!prefix || !packet.topic.startsWith(`${prefix}up/`)) {
      opts.reject('unauthorized', { clientId: client?.id, topic: packet.topic });
      return done(new Error('publish not authorized'));
    }
    // Nobody may read up topics, so a retained message would only pile up in the broker's memory.
    if (packet.retain) {
      opts.reject('retained', { clientId: client?.id, topic: packet.topic });
      return done(new Error('retained publish refused'));
    }
    if (Buffer.byteLength(packet.payload) > MAX_PAYLOAD_BYTES) {
      opts.reject('tooLarge', { clientId: client?.id, topic: packet.topic, bytes: Buffer.byteLength(packet.payload) });
      return done(new Error('payload too large'));
    }
    // The message is handled before aedes answers it: the PUBACK then leaves after the row is stored,
    // in the same socket write as the QoS 0 ack, and no subscription has to route it to the gateway.
    // The terminal's next packets wait meanwhile, which bounds what one terminal can have queued.
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    new Promise<void>((resolve) => resolve(handler(packet.topic, payload))).then(
      () => done(null),
      () => done(null),
    );
  };
  broker.authorizeSubscribe = (client, sub, done) => {
    const prefix = prefixes.get(client);
    if (prefix && filterWithin(sub.topic, `${prefix}down/`)) return done(null, sub);
    opts.reject('unauthorized', { clientId: client.id, filter: sub.topic });
    done(null, null); // SUBACK carries the failure code; the connection stays up
  };
  broker.on('clientError', (client, err) => opts.log.debug({ clientId: client.id, err: err.message }, 'mqtt client error'));
  broker.on('connectionError', (client, err) => opts.log.debug({ clientId: client.id, err: err.message }, 'mqtt connection error'));
  // aedes itself refuses, before sign-in, an MQTT 5 CONNECT (return code 1) and an MQTT 3.1 client id over
  // 23 characters (code 2): such a CONNECT is counted and logged here like a refusal at sign-in, then refused by aedes.
  broker.preConnect = (client, packet, done) => {
    const version = packet.protocolVersion as number;
    const refused: SignInRefusal | undefined =
      version !== 3 && version !== 4 ? 'badProtocol' : version === 3 && (packet.clientId ?? '').length > MQTT31_MAX_CLIENT_ID ? 'badClientId' : undefined;
    if (refused) opts.refuseSignIn(refused, { clientId: packet.clientId ?? '', username: packet.username, address: addressOf(client) });
    done(null, true);
  };

  // An oversize packet is refused as its header arrives: a signed-in terminal's counted as a refused message,
  // anyone else's (a CONNECT, or anything before one) as a refused connection (protocol §3).
  const handle = (conn: Parameters<typeof broker.handle>[0]) => {
    const client = broker.handle(conn);
    limitPacketSize(client, (packet) => {
      if (prefixes.has(client)) opts.reject('tooLarge', { clientId: client.id, cmd: packet.cmd, bytes: packet.bytes });
      else opts.refuseSignIn('tooLarge', { clientId: client.id ?? '', username: undefined, address: addressOf(client) });
    });
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  server.on('error', (err) => opts.log.error({ err }, 'mqtt listener error'));
  const { port } = server.address() as AddressInfo;

  // A QoS 0 message to a connected terminal that subscribed to it is written straight to its socket:
  // synchronously, so that it shares one write with the PUBACK that follows (aedes would deliver it on
  // the next turn, after routing it through its topic tree). Anything else goes through aedes.
  const subscribed = new Map<string, { client: Client; filters: Set<string> }>();
  broker.on('subscribe', (subs, client) => {
    const entry = subscribed.get(client.id);
    const filters = entry?.client === client ? entry.filters : new Set<string>();
    for (const sub of subs) filters.add(sub.topic);
    subscribed.set(client.id, { client, filters });
  });
  broker.on('unsubscribe', (topics, client) => {
    for (const topic of topics) subscribed.get(client.id)?.filters.delete(topic);
  });
  broker.on('clientDisconnect', (client) => {
    if (subscribed.get(client.id)?.client === client) subscribed.delete(client.id);
  });
  // Ready: connected and subscribed to its commands, by a SUBSCRIBE or a restored session.
  const ready = new Map<string, Client>();
  let readyHandler: (clientId: string) => void = () => {};
  const markReady = (client: Client) => {
    ready.set(client.id, client);
    readyHandler(client.id);
  };
  broker.on('subscribe', (subs, client) => {
    const commands = `${prefixes.get(client) ?? '-/'}down/command`;
    if (subs.some((s) => (s.qos as number) !== 128 && topicMatches(s.topic, commands))) markReady(client);
  });
  // A restored session is ready once aedes has sent what its session held and marked it connected, after
  // the CONNACK: marked at the CONNACK, a command sent meanwhile would be queued, find the terminal not
  // connected, and stay queued (the ready handler having claimed the queue before the command's row was in it).
  const restored = new WeakSet<Client>();
  broker.on('connackSent', (connack, client) => {
    if (connack.sessionPresent) restored.add(client);
  });
  broker.on('clientReady', (client) => {
    if (restored.has(client)) markReady(client);
  });
  broker.on('clientDisconnect', (client) => {
    if (ready.get(client.id) === client) ready.delete(client.id);
  });

  const writeDirect = (topic: string, payload: string): boolean => {
    const [, family, sn] = topic.split('/');
    const entry = subscribed.get(`${family}:${sn}`);
    if (!entry?.client.connected) return false;
    for (const filter of entry.filters) {
      if (!topicMatches(filter, topic)) continue;
      mqttPacket.writeToStream({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 0, retain: false, dup: false }, entry.client.conn);
      return true;
    }
    return false;
  };
  const routed = (topic: string, payload: string, qos: 0 | 1) =>
    new Promise<void>((resolve, reject) =>
      broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos, retain: false, dup: false }, (err) => (err ? reject(err) : resolve())),
    );

  const host = opts.host && opts.host !== '0.0.0.0' && opts.host !== '::' ? opts.host : undefined;
  return {
    address: `mqtt://${host ?? 'localhost'}:${port}`,
    url: `mqtt://${host ?? '127.0.0.1'}:${port}`,
    onMessage: (h) => void (handler = h),
    publish: (topic, payload, qos = 1) => (qos === 0 && writeDirect(topic, payload) ? Promise.resolve() : routed(topic, payload, qos)),
    connectedCount: () => broker.connectedClients,
    isReady: (clientId) => ready.get(clientId)?.connected === true,
    onReady: (h) => void (readyHandler = h),
    close: async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await stopped;
    },
  };
}
