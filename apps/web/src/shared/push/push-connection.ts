import { PUSH_PING_JSON, PUSH_RECONNECT_MS, type PushMessage } from '@sl/contracts';
import { createKeepalive } from './keepalive';
import { parsePush } from './parse-push';
import { globalTimers, timerSlot, type PushTimers } from './push-timers';
import { alertUnsupported } from './unsupported-alert';

const OPEN = 1;

/** The part of a WebSocket the client uses; the browser's and the `ws` package's both fit. */
export interface PushSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  // unknown, so that both the DOM and the `ws` handler signatures are accepted
  onopen: unknown;
  onmessage: unknown;
  onerror: unknown;
  onclose: unknown;
}
export type PushSocketConstructor = new (url: string) => PushSocket;

export interface PushConnectionOptions {
  /** ws:// or wss:// address, or a function read before every (re)connect so that a refreshed token is used. */
  url: string | (() => string);
  /** Receives the parsed messages with code 200, nothing else. */
  onMessage: (message: PushMessage) => void;
  onOpen?: () => void;
  /** Called each time the socket is lost (close, error or unanswered pings); not after `close()`. */
  onClose?: () => void;
  /** Defaults to the global WebSocket; tests pass the `ws` package's. */
  WebSocketImpl?: PushSocketConstructor;
  /** Defaults to the global timers, looked up at call time. */
  timers?: PushTimers;
  /** Replaces the default alert shown when there is no WebSocket. */
  onUnsupported?: () => void;
}

export interface PushConnection {
  /** Stop for good: closes the socket and cancels any pending reconnect or ping. */
  close(): void;
  readonly connected: boolean;
}

const noop = () => {};
const inert: PushConnection = { close: noop, connected: false };
const warnEmpty = () => console.warn('Push connection not opened: the address is empty');

/**
 * One push connection with the rules of spec §4 and the constants of spec §9:
 * - a close or an error schedules one reconnect after PUSH_RECONNECT_MS (never after `close()`);
 * - silence is watched by `createKeepalive`; when the pings go unanswered the socket is closed and
 *   counts as lost, so the reconnect rule applies: a dead link is replaced, not abandoned;
 * - only JSON messages with code 200 reach `onMessage` (pongs and other codes are dropped);
 * - an empty address logs a warning and does nothing; a browser without WebSocket gets an alert.
 */
export function createPushConnection(options: PushConnectionOptions): PushConnection {
  const Impl = options.WebSocketImpl ?? (globalThis.WebSocket as unknown as PushSocketConstructor | undefined);
  if (!Impl) {
    (options.onUnsupported ?? alertUnsupported)();
    return inert;
  }
  const Socket: PushSocketConstructor = Impl;
  const address = () => (typeof options.url === 'function' ? options.url() : options.url);
  if (!address()) {
    warnEmpty();
    return inert;
  }
  const timers = options.timers ?? globalTimers;
  const reconnect = timerSlot(timers);
  let socket: PushSocket | null = null;
  let stopped = false;
  const keepalive = createKeepalive(
    timers,
    () => socket?.readyState === OPEN && socket.send(JSON.stringify(PUSH_PING_JSON)),
    () => socket && lose(socket),
  );

  function release(ws: PushSocket) {
    // No-op handlers rather than null: the `ws` package throws on an 'error' event nobody listens to.
    ws.onopen = ws.onmessage = ws.onerror = ws.onclose = noop;
    try {
      if (ws.readyState <= OPEN) ws.close();
    } catch {
      // some implementations throw when closing a socket that never connected
    }
  }

  function lose(ws: PushSocket) {
    if (ws !== socket) return;
    socket = null;
    keepalive.stop();
    release(ws);
    options.onClose?.();
    if (!stopped && !reconnect.pending) reconnect.arm(connect, PUSH_RECONNECT_MS);
  }

  function connect() {
    const url = address();
    if (!url) return warnEmpty();
    let ws: PushSocket;
    try {
      ws = new Socket(url);
    } catch (error) {
      console.warn('Push connection failed to start', error);
      if (!stopped) reconnect.arm(connect, PUSH_RECONNECT_MS);
      return;
    }
    socket = ws;
    ws.onopen = () => {
      keepalive.heard();
      options.onOpen?.();
    };
    ws.onmessage = (event: { data: unknown }) => {
      keepalive.heard();
      const message = parsePush(event.data);
      if (message) options.onMessage(message);
    };
    ws.onerror = () => lose(ws);
    ws.onclose = () => lose(ws);
  }

  connect();
  return {
    close() {
      stopped = true;
      reconnect.clear();
      keepalive.stop();
      if (socket) release(socket);
      socket = null;
    },
    get connected() {
      return socket?.readyState === OPEN;
    },
  };
}
