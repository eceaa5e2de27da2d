import type { CommandSender, TaskNotice } from '../../gateway/ports.js';

/** Commands that change what a heartbeat reports: a fresh one is asked for once the terminal confirms them. */
const SWITCHING = new Set(['light.open', 'light.close', 'light.dim', 'relay.set', 'manauto.set', 'manauto.recover']);

/**
 * After a terminal confirms a switching command, asks it for a heartbeat, so the readings (and the map's lit
 * state) follow at once instead of at the next periodic heartbeat. Sent without a user: no task push for it.
 */
export function followReadings(sender: () => CommandSender | undefined, onError: (err: unknown) => void) {
  return (n: TaskNotice) => {
    if (n.state !== 'succeeded' || !SWITCHING.has(n.cmd)) return;
    sender()?.send(n.terminalId, 'heartbeat.request', {}).catch(onError);
  };
}
