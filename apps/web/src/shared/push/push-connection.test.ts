// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_PING_FAILURE_LIMIT, PUSH_PING_INTERVAL_MS, PUSH_RECONNECT_MS } from '@sl/contracts';
import { i18n } from '../i18n';
import { FakeSocket } from './fake-socket';
import { createPushConnection, type PushConnectionOptions } from './push-connection';
import { resetUnsupportedAlert } from './unsupported-alert';

const onMessage = vi.fn();
const connect = (extra: Partial<PushConnectionOptions> = {}) =>
  createPushConnection({ url: 'ws://h/api/v1/ws/msg/u/1', onMessage, WebSocketImpl: FakeSocket, ...extra });

describe('createPushConnection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.reset();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    onMessage.mockReset();
  });

  it('warns and opens nothing with an empty address', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const connection = connect({ url: '' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('address is empty'));
    expect(FakeSocket.all).toHaveLength(0);
    expect(connection.connected).toBe(false);
  });

  it('alerts once, in the UI language, when the browser has no WebSocket', async () => {
    await i18n.changeLanguage('zh-CN');
    vi.stubGlobal('WebSocket', undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    resetUnsupportedAlert();
    createPushConnection({ url: 'ws://h/x', onMessage });
    createPushConnection({ url: 'ws://h/y', onMessage });
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert.mock.calls[0][0]).toContain('现代浏览器');
  });

  it('delivers JSON with code 200 only; pongs, other codes and plain text are dropped', () => {
    connect();
    FakeSocket.last.open();
    for (const data of ['pong', '{"type":"pong"}', '{"code":500,"msg":"x"}', '{"code":"200"}', 'not json', '{"code":200,"n":1}'])
      FakeSocket.last.receive(data);
    expect(onMessage).toHaveBeenCalledTimes(1);
    expect(onMessage).toHaveBeenCalledWith({ code: 200, n: 1 });
  });

  it('schedules one reconnect after 30 s for an error followed by a close', () => {
    const onClose = vi.fn();
    connect({ onClose });
    FakeSocket.last.open();
    FakeSocket.last.drop();
    expect(onClose).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(PUSH_RECONNECT_MS - 1);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(PUSH_RECONNECT_MS * 2);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('does not reconnect after close(), even with a reconnect pending', () => {
    const connection = connect();
    FakeSocket.last.drop();
    connection.close();
    vi.advanceTimersByTime(PUSH_RECONNECT_MS * 2);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('resets the unanswered pings on any message and closes after 5 in a row', () => {
    const onClose = vi.fn();
    connect({ onClose });
    const socket = FakeSocket.last;
    socket.open();
    vi.advanceTimersByTime(PUSH_PING_INTERVAL_MS * 4);
    expect(socket.sent).toHaveLength(4);
    socket.receive('{"code":200}');
    vi.advanceTimersByTime(PUSH_PING_INTERVAL_MS * PUSH_PING_FAILURE_LIMIT);
    expect(socket.sent).toHaveLength(4 + PUSH_PING_FAILURE_LIMIT);
    expect(socket.closed).toBe(false);
    vi.advanceTimersByTime(PUSH_PING_INTERVAL_MS);
    expect(socket.closed).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('reads the address again on every reconnect', () => {
    let token = 'a';
    connect({ url: () => `ws://h/x?token=${token}` });
    FakeSocket.last.drop();
    token = 'b';
    vi.advanceTimersByTime(PUSH_RECONNECT_MS);
    expect(FakeSocket.all.map((s) => s.url)).toEqual(['ws://h/x?token=a', 'ws://h/x?token=b']);
  });
});
