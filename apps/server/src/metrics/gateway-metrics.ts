import { Counter, Gauge, type Registry } from 'prom-client';
import type { GatewayStats } from '../gateway/ports.js';

type ReadStats = () => GatewayStats | undefined;

/** A counter that mirrors a gateway total at scrape time, so ingestion does no extra work per message. */
function mirror(registry: Registry, read: ReadStats, name: string, help: string, pick: (s: GatewayStats) => number | Record<string, number>, label?: string) {
  new Counter({
    name, help, labelNames: label ? [label] : [], registers: [registry],
    collect() {
      this.reset();
      const stats = read();
      if (!stats) return;
      const value = pick(stats);
      if (typeof value === 'number') this.inc(value);
      else for (const [key, n] of Object.entries(value)) this.inc({ [label!]: key }, n);
    },
  });
}

/** The device gateway's counters; `connectedKnown` is false with an external broker, which alone knows its clients. */
export function registerGatewayMetrics(registry: Registry, read: ReadStats, connectedKnown: boolean) {
  mirror(registry, read, 'sl_gateway_messages_received_total', 'Device messages (readings, events, hellos, replies) received by the gateway', (s) => s.received);
  mirror(registry, read, 'sl_gateway_messages_stored_total', 'Device messages stored', (s) => s.stored);
  mirror(registry, read, 'sl_gateway_messages_rejected_total', 'Device messages refused, by reason', (s) => s.rejected, 'reason');
  mirror(registry, read, 'sl_gateway_batch_failures_total', 'Batch inserts the database refused (their readings were retried one by one)', (s) => s.batchFailures);
  mirror(registry, read, 'sl_mqtt_auth_refused_total', 'MQTT sign-ins the embedded broker refused, by reason', (s) => s.authRefused, 'reason');
  mirror(registry, read, 'sl_commands_total', 'Terminal commands sent, and their outcomes, by outcome', (s) => ({ ...s.commands }), 'outcome');
  mirror(registry, read, 'sl_alarms_raised_total', 'Alarms raised by device traffic, by kind', (s) => s.alarms.raised, 'kind');
  mirror(registry, read, 'sl_alarms_cleared_total', 'Alarms cleared by device traffic, by kind', (s) => s.alarms.cleared, 'kind');
  if (!connectedKnown) return;
  new Gauge({
    name: 'sl_gateway_terminals_connected', help: 'Terminals connected to the embedded MQTT broker', registers: [registry],
    collect() {
      const stats = read();
      if (stats) this.set(stats.connected);
    },
  });
}
