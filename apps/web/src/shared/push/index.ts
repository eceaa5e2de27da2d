/**
 * Push connections of spec §4/§7, one client module for the channels msg, alarm, 50rdcsm and notice, and
 * the digital map's map channel.
 *
 * Mounting: call `useOpenPushChannels()` once in the signed-in layout (BasicLayout). It opens each
 * channel once for the session in the session store and closes them on sign-out. Components then
 * listen with `usePushChannel('alarm', (message) => ...)`; any number of them share one socket per
 * channel. No provider is needed: the hub is a module singleton, so a listener mounted anywhere
 * (drawer, bell, page) receives the same messages.
 */
export { useOpenPushChannels, usePushChannel, usePushReopen } from './use-push';
export { createPushConnection, type PushConnection, type PushConnectionOptions, type PushSocket, type PushSocketConstructor } from './push-connection';
export { createPushHub, pushHub, type PushHub, type PushListener, type PushSession } from './push-hub';
export { pushUrl } from './push-url';
export { parsePush } from './parse-push';
