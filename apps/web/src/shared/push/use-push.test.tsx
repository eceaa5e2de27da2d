import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@sl/contracts';
import { useSessionStore } from '../stores/session-store';
import { FakeSocket } from './fake-socket';
import { useOpenPushChannels, usePushChannel } from './use-push';

const info = { userId: 3, uniqueId: 'u3', userName: 'ops', roles: ['admin'], permissions: [] } as unknown as UserInfo;
const openSockets = () => FakeSocket.all.filter((s) => !s.closed);

describe('push hooks', () => {
  beforeEach(() => {
    FakeSocket.reset();
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    cleanup();
    act(() => useSessionStore.getState().reset());
    vi.unstubAllGlobals();
  });

  it('opens the channels for the signed-in user and closes them on sign-out', () => {
    renderHook(() => useOpenPushChannels());
    expect(FakeSocket.all).toHaveLength(0);
    act(() => useSessionStore.getState().setSession(info, []));
    expect(openSockets().map((s) => new URL(s.url).pathname)).toEqual([
      '/api/v1/ws/msg/u3/3',
      '/api/v1/ws/alarm/u3/3',
      '/api/v1/ws/50rdcsm/u3/3',
      '/api/v1/ws/map/u3/3',
      '/api/v1/ws/notice/u3',
    ]);
    act(() => useSessionStore.getState().reset());
    expect(openSockets()).toHaveLength(0);
  });

  it('hands a channel\'s messages to every subscriber through one socket, using the latest callback', () => {
    renderHook(() => useOpenPushChannels());
    act(() => useSessionStore.getState().setSession(info, []));
    const first = vi.fn();
    const latest = vi.fn();
    const other = vi.fn();
    const { rerender } = renderHook(({ cb }) => usePushChannel('alarm', cb), { initialProps: { cb: first } });
    rerender({ cb: latest });
    renderHook(() => usePushChannel('alarm', other));
    const alarm = FakeSocket.all.find((s) => s.url.includes('/ws/alarm/'))!;
    alarm.open();
    alarm.receive(JSON.stringify({ code: 200, alarmCount: 4, data: [] }));
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith({ code: 200, alarmCount: 4, data: [] });
    expect(other).toHaveBeenCalledTimes(1);
    expect(FakeSocket.all.filter((s) => s.url.includes('/ws/alarm/'))).toHaveLength(1);
  });
});
