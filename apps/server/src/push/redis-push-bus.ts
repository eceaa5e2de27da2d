import { Redis } from 'ioredis';
import type { PushBus, PushEnvelope } from './push-bus.js';

/**
 * Scale-out: envelopes go through Redis pub/sub, so a push raised on one instance reaches sockets held by another.
 * The channel is the installation's own (`sl:{installation}:push`): pub/sub is server-wide.
 */
export class RedisPushBus implements PushBus {
  private readonly pub: Redis;
  private sub?: Redis;
  private readonly listeners: Array<(envelope: PushEnvelope) => void> = [];

  constructor(
    private readonly url: string,
    private readonly onError: (err: unknown) => void,
    private readonly channel: () => Promise<string>,
  ) {
    this.pub = this.connect(3);
  }

  /** A publish fails after a few retries (the push is lost, as it would be for an offline browser); the subscription waits for Redis. */
  private connect(maxRetriesPerRequest: number | null) {
    // Lazy: nothing connects until the first command, so an app closed before use opens nothing.
    const client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest });
    client.on('error', this.onError);
    return client;
  }

  async publish(envelope: PushEnvelope) {
    await this.pub.publish(await this.channel(), JSON.stringify(envelope));
  }

  async subscribe(listener: (envelope: PushEnvelope) => void) {
    this.listeners.push(listener);
    if (this.sub) return;
    const sub = (this.sub = this.connect(null));
    const name = await this.channel();
    sub.on('message', (channel: string, raw: string) => {
      if (channel !== name) return;
      let envelope: PushEnvelope;
      try {
        envelope = JSON.parse(raw) as PushEnvelope;
      } catch (err) {
        return this.onError(err);
      }
      for (const l of this.listeners) l(envelope);
    });
    await sub.subscribe(name);
  }

  async close() {
    await Promise.allSettled([this.pub, this.sub].filter((c) => c !== undefined).map((c) => (c.status === 'wait' ? c.disconnect() : c.quit())));
  }
}
