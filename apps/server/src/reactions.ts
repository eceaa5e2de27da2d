import { startAlarmPushes } from './alarms/alarm-pushes.js';
import type { TerminalChange } from './events/domain-events.js';
import { citizenReportEvent, followLampStates } from './open/webhooks/webhook-domain.js';
import { startTaskPushes } from './push/task-pushes.js';
import { followReadings } from './devices/terminal/reading-follow.js';
import type { TaskNotice } from './gateway/ports.js';
import type { Services } from './services.js';

/**
 * Every cross-domain subscription of one app, in one place: who pushes what to the console and which cache
 * drops what. Domains raise events (events/domain-events.ts) and never know who listens. Returns the stop.
 */
export function startReactions(services: Services): () => void {
  const { events, map } = services;
  const stops = [
    // The console: alarms on `alarm` (coalesced in storms), settled commands on `50rdcsm` to who sent them.
    startAlarmPushes(services),
    startTaskPushes(services),
    // The map: one lamp whose alarms, presence or light changed becomes one delta on `map`; never the whole fleet.
    events.on('alarm.changed', (n) => map.deltas.touch(n.terminalId)),
    events.on('terminal.presence', (n) => map.deltas.touch(n.terminalId)),
    events.on('reading.stored', (n) => map.deltas.reading(n.terminalId, n.lit)),
    map.start(),
    // Notices beside SMS: each new alarm to the e-mail and group-robot channels that want it.
    events.on('alarm.changed', (n) => void services.notify.notify(n).catch((err: unknown) => services.push.log.error({ err, alarmId: n.alarmId }, 'alarm notices failed'))),
    // Other systems: a citizen's report as a webhook event (alarms and work orders are queued where they change).
    events.on('citizen.reported', (r) => services.webhooks.enqueue(citizenReportEvent(r))),
    // ... and a lamp switching on or off (a change of its lit state, not every reading).
    followLampStates(events, services.webhooks),
    // With a gateway: batch progress and a fresh heartbeat after a confirmed switch; a text to the people of each new alarm.
    ...(services.gateway ? [events.on('task.settled', settleBatch(services)), services.alarmSets.texts.follow(events)] : []),
    // Caches of terminal rows: the map's copy and the gateway's directory drop exactly the terminals named.
    events.on('terminal.changed', (c) => dropTerminals(services, c)),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

function settleBatch(services: Services): (n: TaskNotice) => void {
  const follow = followReadings(() => services.gateway?.commands, (err) => services.push.log.warn({ err }, 'heartbeat request after a switch failed'));
  return (n) => {
    services.batch.progress.settle(n.taskId, n.state);
    follow(n);
  };
}

function dropTerminals(services: Services, c: TerminalChange): void {
  if (c.kind === 'edited' && c.terminalIds) services.map.cache.drop(c.terminalIds);
  else services.map.cache.invalidate();
  const gateway = services.gateway;
  if (!gateway) return;
  if (!c.terminalIds) gateway.invalidateTerminal();
  else for (const id of c.terminalIds) gateway.invalidateTerminal(id);
}
