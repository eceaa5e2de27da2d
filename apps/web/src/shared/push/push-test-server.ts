import { once } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers';
import { WebSocketServer, type WebSocket } from 'ws';

/** Real-time wait for socket I/O while fake timers are installed (vi.waitFor would advance them). */
export async function until(done: () => boolean, what: string, ms = 3000): Promise<void> {
  const end = performance.now() + ms;
  while (!done()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => nextTurn(resolve));
  }
}

/** Lets pending I/O run for a few real milliseconds, to show that something did NOT happen. */
export async function settle(ms = 50): Promise<void> {
  const end = performance.now() + ms;
  while (performance.now() < end) await new Promise((resolve) => nextTurn(resolve));
}

/** A WebSocket server on 127.0.0.1 that records connections, messages and closes, and never answers. */
export class PushTestServer {
  connections: WebSocket[] = [];
  received: string[] = [];
  closes = 0;
  private constructor(private readonly wss: WebSocketServer) {
    wss.on('connection', (socket) => {
      this.connections.push(socket);
      socket.on('message', (data) => this.received.push(data.toString()));
      socket.on('close', () => (this.closes += 1));
    });
  }

  static async start(port = 0): Promise<PushTestServer> {
    const wss = new WebSocketServer({ host: '127.0.0.1', port });
    await once(wss, 'listening');
    return new PushTestServer(wss);
  }

  get port(): number {
    return (this.wss.address() as { port: number }).port;
  }

  /** Drops every client without a closing handshake and stops listening. */
  async stop(): Promise<void> {
    for (const socket of this.wss.clients) socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
