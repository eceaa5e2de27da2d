import type { DeviceCommandService } from '../../src/gateway/device-command-service.js';
import type { GatewayHandle } from '../../src/gateway/ports.js';

/**
 * COMMAND_TTL_MS for tests whose terminals answer: long enough that no reply misses it on a loaded machine.
 * A test that needs a command to time out says so with timeOutPendingCommands instead of waiting.
 */
export const ANSWERED_TTL_MS = 30_000;

/** The gateway's time-out sweep as it runs once any time-to-live (at most an hour) has passed: every command still pending times out. */
export function timeOutPendingCommands(gateway: GatewayHandle) {
  return (gateway.commands as DeviceCommandService).sweep(new Date(Date.now() + 2 * 3_600_000));
}
