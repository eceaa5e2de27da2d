import { Gauge, type Registry } from 'prom-client';
import { PUSH_CHANNELS } from '@sl/contracts';
import type { PushHub } from '../push/push-hub.js';

/** Open WebSocket pushes on this instance, by channel. */
export function registerPushMetrics(registry: Registry, hub: PushHub) {
  new Gauge({
    name: 'sl_push_sockets', help: 'Open push WebSockets on this instance, by channel', labelNames: ['channel'], registers: [registry],
    collect() {
      for (const channel of PUSH_CHANNELS) this.set({ channel }, hub.count(channel));
    },
  });
}
