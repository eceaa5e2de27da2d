import type { PushChannel, PushMessage } from '@sl/contracts';
import { PushCloseCode } from '@sl/contracts';
import { inDeptAudience, type Viewer } from './can-see.js';
import type { BusAudience, DeptAudience, PushBus, PushEnvelope } from './push-bus.js';

/** Who receives a push: everyone connected, these user ids, or a department's audience (scope, optionally members and a permission). */
export type PushAudience = 'everyone' | number[] | DeptAudience;

/** One open socket of one user on one channel. */
export interface PushClient {
  userId: number;
  channel: PushChannel;
  viewer(): Promise<Viewer | undefined>;
  send(text: string): void;
  close(code: number, reason: string): void;
}

/** Fits a message to one recipient (e.g. their own unread count); runs on the instance holding the socket. `null` sends nothing. */
export type PushShaper = (viewer: Viewer, message: PushMessage) => Promise<PushMessage | null>;

export interface PushLog {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** Keeps this instance's sockets by user and channel and delivers what the bus carries. */
export class PushHub {
  private readonly byUser = new Map<number, Set<PushClient>>();
  private readonly shapers = new Map<PushChannel, PushShaper>();
  private readonly taps = new Map<PushChannel, Set<(message: PushMessage) => void>>();
  constructor(
    private readonly bus: PushBus,
    private readonly deptPathOf: (deptId: number) => Promise<string | null>,
    /** The app's logger: redacting, at LOG_LEVEL; the alarm and SMS services log through it too. */
    readonly log: PushLog,
  ) {}

  private started?: Promise<void>;

  /** Starts receiving from the bus (idempotent; resolves once subscribed); until then nothing is delivered here. */
  start(): Promise<void> {
    return (this.started ??= this.bus.subscribe((envelope) => {
      this.deliver(envelope).catch((err: unknown) => this.log.error({ err, channel: envelope.channel }, 'push delivery failed'));
    }));
  }

  close(): Promise<void> {
    return this.bus.close();
  }

  /** Registers a socket; the returned function removes it. */
  add(client: PushClient): () => void {
    let set = this.byUser.get(client.userId);
    if (!set) this.byUser.set(client.userId, (set = new Set()));
    set.add(client);
    return () => {
      set.delete(client);
      if (set.size === 0 && this.byUser.get(client.userId) === set) this.byUser.delete(client.userId);
    };
  }

  /** Hears every envelope of a channel this instance receives, from any instance, before delivery; returns the remover. */
  tap(channel: PushChannel, listener: (message: PushMessage) => void): () => void {
    let set = this.taps.get(channel);
    if (!set) this.taps.set(channel, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  shape(channel: PushChannel, shaper: PushShaper) {
    this.shapers.set(channel, shaper);
  }

  /** Sends to the audience's sockets on every instance. */
  async publish(channel: PushChannel, message: PushMessage, audience: PushAudience): Promise<void> {
    await this.bus.publish({ channel, message, audience: await this.resolve(audience) });
  }

  /** Open sockets on this instance, optionally of one channel. */
  count(channel?: PushChannel): number {
    let n = 0;
    for (const set of this.byUser.values()) for (const c of set) if (!channel || c.channel === channel) n++;
    return n;
  }

  private async resolve(audience: PushAudience): Promise<BusAudience> {
    if (audience === 'everyone') return audience;
    if (Array.isArray(audience)) return { userIds: audience };
    return { ...audience, deptPath: audience.deptId === null ? null : await this.deptPathOf(audience.deptId) };
  }

  private candidates(audience: BusAudience): Array<[number, PushClient[]]> {
    const users = audience !== 'everyone' && 'userIds' in audience ? audience.userIds : [...this.byUser.keys()];
    return users.map((u): [number, PushClient[]] => [u, [...(this.byUser.get(u) ?? [])]]).filter(([, list]) => list.length > 0);
  }

  /** Delivers one envelope to this instance's sockets; each user's message is shaped once. */
  async deliver({ channel, message, audience }: PushEnvelope): Promise<void> {
    for (const listener of this.taps.get(channel) ?? []) {
      try {
        listener(message);
      } catch (err) {
        this.log.error({ err, channel }, 'push tap failed');
      }
    }
    const shaper = this.shapers.get(channel);
    const needsViewer = shaper !== undefined || (audience !== 'everyone' && 'deptId' in audience);
    await Promise.all(
      this.candidates(audience).map(async ([, all]) => {
        const sockets = all.filter((c) => c.channel === channel);
        if (sockets.length === 0) return;
        const viewer = needsViewer ? await sockets[0].viewer() : undefined;
        if (needsViewer && !viewer) {
          for (const c of sockets) c.close(PushCloseCode.unauthorized, 'The account no longer exists or is disabled');
          return;
        }
        if (viewer && audience !== 'everyone' && 'deptId' in audience && !inDeptAudience(viewer, audience)) return;
        const shaped = viewer && shaper ? await shaper(viewer, message) : message;
        if (shaped === null) return; // nothing in it for this viewer
        const text = JSON.stringify(shaped);
        for (const c of sockets) c.send(text);
      }),
    );
  }
}
