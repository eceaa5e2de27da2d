interface Pending {
  topic: string;
  body: string;
  firstSentAt: number;
  sentAt: number;
  resends: number;
}

/** Up messages waiting for their down/ack, oldest first (Map keeps insertion order). */
export class Outbox {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly maxPending = 1000) {}

  get size() {
    return this.pending.size;
  }

  /** Remembers a sent message; returns the mid of an entry pushed out when full. */
  track(mid: string, topic: string, body: string, now: number): string | undefined {
    this.pending.set(mid, { topic, body, firstSentAt: now, sentAt: now, resends: 0 });
    if (this.pending.size <= this.maxPending) return undefined;
    const oldest = this.pending.keys().next().value as string;
    this.pending.delete(oldest);
    return oldest;
  }

  /** Settles an ack; returns the latency since the first send, or undefined for an unknown ref. */
  ack(ref: string, now: number): number | undefined {
    const p = this.pending.get(ref);
    if (!p) return undefined;
    this.pending.delete(ref);
    return now - p.firstSentAt;
  }

  /** Messages whose ack is overdue: `resend` ones to publish again, `dropped` ones out of retries. */
  overdue(now: number, timeoutMs: number, maxResends: number) {
    const resend: { topic: string; body: string }[] = [];
    let dropped = 0;
    for (const [mid, p] of this.pending) {
      if (now - p.sentAt < timeoutMs) continue;
      if (p.resends >= maxResends) {
        this.pending.delete(mid);
        dropped++;
        continue;
      }
      p.resends++;
      p.sentAt = now;
      resend.push(p);
    }
    return { resend, dropped };
  }

  clear() {
    this.pending.clear();
  }
}
