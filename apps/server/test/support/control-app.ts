import { followGateway } from '../../src/control/control-runtime.js';
import { ANSWERED_TTL_MS } from './command-ttl.js';
import { startTestGateway } from './gateway.js';
import { createTestApp } from './test-app.js';

export const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** The app with a gateway whose task and presence events reach control, as the server wires them. */
export async function createControlTestApp(engine: 'pglite' | 'postgres') {
  const t = await createTestApp(engine, { COMMAND_TTL_MS: String(ANSWERED_TTL_MS) });
  const gateway = await startTestGateway(t.database.db, { SWEEP_INTERVAL_MS: '200', COMMAND_TTL_MS: String(ANSWERED_TTL_MS) });
  t.app.services.gateway = gateway;
  followGateway(t.app.services.control, gateway, silent);
  return { t, gateway };
}
