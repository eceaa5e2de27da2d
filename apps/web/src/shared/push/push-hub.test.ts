import { describe, expect, it, vi } from 'vitest';
import { PUSH_CHANNELS, type PushChannel } from '@sl/contracts';
import { createPushHub, type ConnectChannel, type PushListener } from './push-hub';

function fakeConnect() {
  const opened: { channel: PushChannel; deliver: PushListener; reopened: () => void; close: ReturnType<typeof vi.fn> }[] = [];
  const connect: ConnectChannel = (channel, _session, deliver, reopened) => {
    const entry = { channel, deliver, reopened, close: vi.fn() };
    opened.push(entry);
    return { close: entry.close, connected: true };
  };
  return { opened, connect };
}

describe('createPushHub', () => {
  it('opens each channel once per session and closes them on stop', () => {
    const { opened, connect } = fakeConnect();
    const hub = createPushHub(connect);
    hub.start({ uniqueId: 'u1', userId: 1 });
    hub.start({ uniqueId: 'u1', userId: 1 });
    expect(opened.map((o) => o.channel)).toEqual([...PUSH_CHANNELS]);
    hub.stop();
    expect(opened.every((o) => o.close.mock.calls.length === 1)).toBe(true);
  });

  it('replaces the connections when another user signs in', () => {
    const { opened, connect } = fakeConnect();
    const hub = createPushHub(connect);
    hub.start({ uniqueId: 'u1', userId: 1 });
    hub.start({ uniqueId: 'u2', userId: 2 });
    expect(opened).toHaveLength(2 * PUSH_CHANNELS.length);
    expect(opened.slice(0, PUSH_CHANNELS.length).every((o) => o.close.mock.calls.length === 1)).toBe(true);
  });

  it('fans a channel out to its subscribers only, and keeps going when one throws', () => {
    const { opened, connect } = fakeConnect();
    const hub = createPushHub(connect);
    hub.start({ uniqueId: 'u1', userId: 1 });
    const a = vi.fn(() => {
      throw new Error('boom');
    });
    const b = vi.fn();
    const other = vi.fn();
    hub.subscribe('alarm', a);
    const unsubscribe = hub.subscribe('alarm', b);
    hub.subscribe('notice', other);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    opened.find((o) => o.channel === 'alarm')!.deliver({ code: 200, alarmCount: 1 });
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledWith({ code: 200, alarmCount: 1 });
    expect(other).not.toHaveBeenCalled();
    unsubscribe();
    opened.find((o) => o.channel === 'alarm')!.deliver({ code: 200 });
    expect(b).toHaveBeenCalledTimes(1);
  });

  it("tells a channel's reopen listeners when its lost link is back", () => {
    const { opened, connect } = fakeConnect();
    const hub = createPushHub(connect);
    hub.start({ uniqueId: 'u1', userId: 1 });
    const onMap = vi.fn();
    const onAlarm = vi.fn();
    const off = hub.onReopen('map', onMap);
    hub.onReopen('alarm', onAlarm);
    opened.find((o) => o.channel === 'map')!.reopened();
    expect(onMap).toHaveBeenCalledTimes(1);
    expect(onAlarm).not.toHaveBeenCalled();
    off();
    opened.find((o) => o.channel === 'map')!.reopened();
    expect(onMap).toHaveBeenCalledTimes(1);
  });
});
