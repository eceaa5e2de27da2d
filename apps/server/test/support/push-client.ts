import WebSocket from 'ws';

/** A browser-side push socket that records every text frame. */
export class PushTestClient {
  readonly messages: string[] = [];
  private readonly waiters = new Set<() => void>();
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(data.toString());
      for (const w of this.waiters) w();
    });
  }

  /** The first recorded frame matching `match` (already received or still to come). */
  next(match: (text: string) => boolean, timeoutMs = 5000): Promise<string> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const hit = this.messages.find(match);
        if (hit === undefined) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(hit);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no matching push within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }
}

const opened: WebSocket[] = [];

/** Opens a push socket; rejects when the upgrade is refused. */
export function connectPush(url: string): Promise<PushTestClient> {
  const ws = new WebSocket(url);
  opened.push(ws);
  const client = new PushTestClient(ws);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused with HTTP ${res.statusCode}`)));
  });
}

/** Ends every socket connectPush opened. */
export function terminatePushSockets() {
  for (const ws of opened.splice(0)) ws.terminate();
}
