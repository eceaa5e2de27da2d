// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { PUSH_PING_FAILURE_LIMIT, PUSH_PING_INTERVAL_MS, PUSH_PING_JSON, PUSH_PONG_JSON, PUSH_RECONNECT_MS } from '@sl/contracts';
import { createPushConnection, type PushConnection, type PushSocketConstructor } from './push-connection';
import { PushTestServer, settle, until } from './push-test-server';

const PING = JSON.stringify(PUSH_PING_JSON);

describe('push connection against a real WebSocket server', () => {
  let server: PushTestServer;
  let connection: PushConnection | undefined;
  const onMessage = vi.fn();
  const onOpen = vi.fn();
  const onClose = vi.fn();

  const connect = () =>
    (connection = createPushConnection({
      url: `ws://127.0.0.1:${server.port}/api/v1/ws/alarm/u1/1?token=t`,
      onMessage,
      onOpen,
      onClose,
      WebSocketImpl: WebSocket as unknown as PushSocketConstructor,
    }));

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    server = await PushTestServer.start();
  });
  afterEach(async () => {
    connection?.close();
    await server.stop();
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it('reconnects 30 s after the server drops, not before, and never after close()', async () => {
    connect();
    await until(() => onOpen.mock.calls.length === 1, 'the first connection');
    const port = server.port;
    await server.stop();
    await until(() => onClose.mock.calls.length === 1, 'the client to notice the drop');
    server = await PushTestServer.start(port);

    vi.advanceTimersByTime(PUSH_RECONNECT_MS - 1);
    await settle();
    expect(server.connections).toHaveLength(0);
    vi.advanceTimersByTime(1);
    await until(() => onOpen.mock.calls.length === 2, 'the reconnection');
    expect(server.connections).toHaveLength(1);

    connection!.close();
    await until(() => server.closes === 1, 'the server to see the close');
    vi.advanceTimersByTime(PUSH_RECONNECT_MS * 3);
    await settle();
    expect(server.connections).toHaveLength(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps one pending reconnect when the server is still down (error and close of one attempt)', async () => {
    connect();
    await until(() => onOpen.mock.calls.length === 1, 'the first connection');
    const port = server.port;
    await server.stop();
    await until(() => onClose.mock.calls.length === 1, 'the drop');
    vi.advanceTimersByTime(PUSH_RECONNECT_MS);
    await until(() => onClose.mock.calls.length === 2, 'the refused attempt');
    server = await PushTestServer.start(port);
    vi.advanceTimersByTime(PUSH_RECONNECT_MS);
    await until(() => onOpen.mock.calls.length === 2, 'the reconnection');
    await settle();
    expect(server.connections).toHaveLength(1);
  });

  it('pings after 120 s of silence and closes after 5 unanswered pings; then the reconnect rule applies', async () => {
    connect();
    await until(() => server.connections.length === 1 && onOpen.mock.calls.length === 1, 'the connection');
    vi.advanceTimersByTime(PUSH_PING_INTERVAL_MS - 1);
    await settle();
    expect(server.received).toEqual([]);
    vi.advanceTimersByTime(1);
    await until(() => server.received.length === 1, 'the first ping');
    for (let n = 2; n <= PUSH_PING_FAILURE_LIMIT; n++) {
      vi.advanceTimersByTime(PUSH_PING_INTERVAL_MS);
      await until(() => server.received.length === n, `ping ${n}`);
    }
    expect(server.received).toEqual(Array(PUSH_PING_FAILURE_LIMIT).fill(PING));
    expect(server.closes).toBe(0);

    vi.advanceTimersByTime(PUSH_PING_INTERVAL_MS);
    await until(() => server.closes === 1, 'the client to close the silent connection');
    expect(onClose).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(PUSH_RECONNECT_MS);
    await until(() => server.connections.length === 2, 'the replacement connection');
  });

  it('starts counting again after a pong, and delivers only code 200 messages', async () => {
    connect();
    await until(() => onOpen.mock.calls.length === 1, 'the connection');
    const [socket] = server.connections;
    for (let n = 1; n <= 3; n++) {
      vi.advanceTimersByTime(PUSH_PING_INTERVAL_MS);
      await until(() => server.received.length === n, `ping ${n}`);
    }
    socket.send(JSON.stringify(PUSH_PONG_JSON));
    socket.send(JSON.stringify({ code: 500, msg: 'no' }));
    socket.send(JSON.stringify({ code: 200, alarmCount: 2, data: [] }));
    await until(() => onMessage.mock.calls.length === 1, 'the code 200 push');
    await settle();
    expect(onMessage).toHaveBeenCalledTimes(1);
    expect(onMessage).toHaveBeenCalledWith({ code: 200, alarmCount: 2, data: [] });

    // five fresh pings are needed again before the close
    for (let n = 1; n <= PUSH_PING_FAILURE_LIMIT; n++) {
      vi.advanceTimersByTime(PUSH_PING_INTERVAL_MS);
      await until(() => server.received.length === 3 + n, `ping ${n} after the pong`);
    }
    expect(server.closes).toBe(0);
    vi.advanceTimersByTime(PUSH_PING_INTERVAL_MS);
    await until(() => server.closes === 1, 'the close');
  });
});
