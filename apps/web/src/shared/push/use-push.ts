import { useEffect, useRef } from 'react';
import type { PushChannel } from '@sl/contracts';
import { useSessionStore } from '../stores/session-store';
import { pushHub, type PushListener } from './push-hub';

/** Opens the push channels (msg, alarm, 50rdcsm, map, notice) while a user is signed in and closes them on sign-out or unmount. Mount once, in the layout. */
export function useOpenPushChannels(): void {
  const uniqueId = useSessionStore((s) => s.info?.uniqueId);
  const userId = useSessionStore((s) => s.info?.userId);
  useEffect(() => {
    if (uniqueId === undefined || userId === undefined) return;
    pushHub.start({ uniqueId, userId });
    return () => pushHub.stop();
  }, [uniqueId, userId]);
}

/** Calls `onMessage` with every code-200 message of `channel`; the latest callback is used, no resubscription needed. */
export function usePushChannel(channel: PushChannel, onMessage: PushListener): void {
  const latest = useRef(onMessage);
  useEffect(() => {
    latest.current = onMessage;
  });
  useEffect(() => pushHub.subscribe(channel, (message) => latest.current(message)), [channel]);
}

/** Calls `onReopen` each time the channel's link comes back after a loss (not on the first open). */
export function usePushReopen(channel: PushChannel, onReopen: () => void): void {
  const latest = useRef(onReopen);
  useEffect(() => {
    latest.current = onReopen;
  });
  useEffect(() => pushHub.onReopen(channel, () => latest.current()), [channel]);
}
