import { PUSH_CHANNELS, type PushChannel, type PushMessage } from '@sl/contracts';
import { createPushConnection, type PushConnection } from './push-connection';
import { pushUrl } from './push-url';

export type PushListener = (message: PushMessage) => void;
export interface PushSession {
  uniqueId: string;
  userId: number;
}
/** Opens one channel for a session, hands each message to `deliver`, and calls `reopened` when a lost link is back. */
export type ConnectChannel = (channel: PushChannel, session: PushSession, deliver: PushListener, reopened: () => void) => PushConnection;

const connectChannel: ConnectChannel = (channel, { uniqueId, userId }, deliver, reopened) => {
  let opened = false;
  const onOpen = () => {
    if (opened) reopened();
    opened = true;
  };
  return createPushConnection({ url: () => pushUrl(channel, uniqueId, userId), onMessage: deliver, onOpen });
};

/**
 * Keeps one connection per channel for the signed-in session and fans messages out to subscribers.
 * `start` with the same session is a no-op, with another one replaces the connections; `stop` closes them.
 */
export function createPushHub(connect: ConnectChannel = connectChannel) {
  const listeners = new Map<PushChannel, Set<PushListener>>(PUSH_CHANNELS.map((c) => [c, new Set()]));
  const reopenListeners = new Map<PushChannel, Set<() => void>>(PUSH_CHANNELS.map((c) => [c, new Set()]));
  let connections: PushConnection[] = [];
  let current = '';

  const deliver = (channel: PushChannel) => (message: PushMessage) => {
    for (const listener of [...listeners.get(channel)!]) {
      try {
        listener(message);
      } catch (error) {
        console.error(`Push listener of channel ${channel} failed`, error);
      }
    }
  };

  const hub = {
    start(session: PushSession) {
      const key = `${session.uniqueId}/${session.userId}`;
      if (key === current) return;
      hub.stop();
      current = key;
      connections = PUSH_CHANNELS.map((channel) => connect(channel, session, deliver(channel), () => reopenListeners.get(channel)!.forEach((fn) => fn())));
    },
    stop() {
      for (const connection of connections) connection.close();
      connections = [];
      current = '';
    },
    /** Adds a listener to a channel; returns the function that removes it. */
    subscribe(channel: PushChannel, listener: PushListener): () => void {
      listeners.get(channel)!.add(listener);
      return () => listeners.get(channel)!.delete(listener);
    },
    /** Called when a channel's lost link is back: pushes sent meanwhile are gone, so state built from them may be stale. */
    onReopen(channel: PushChannel, listener: () => void): () => void {
      reopenListeners.get(channel)!.add(listener);
      return () => reopenListeners.get(channel)!.delete(listener);
    },
  };
  return hub;
}

export type PushHub = ReturnType<typeof createPushHub>;

/** The console's one hub: opened by `useOpenPushChannels`, read by `usePushChannel`. */
export const pushHub = createPushHub();
