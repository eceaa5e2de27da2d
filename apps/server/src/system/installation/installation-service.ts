import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { InstallationRepository } from './installation-repository.js';

/**
 * This installation's id: INSTALLATION_ID, else the one stored in the database (made at its first use), so every
 * instance on the database agrees without configuration and a restart keeps it.
 */
export function installationId(config: Pick<Config, 'INSTALLATION_ID'>, db: Db): Promise<string> {
  if (config.INSTALLATION_ID) return Promise.resolve(config.INSTALLATION_ID);
  // Insert-if-absent, then read: callers at once (the gateway, the push hub, the QR stores) agree on the stored id.
  return new InstallationRepository(db).idOr(randomBytes(8).toString('hex'));
}

/**
 * Where this installation's Redis channels and keys start: `sl:{id}:`. Pub/sub ignores Redis's database
 * numbers and deployments may share one number, so without it two deployments on one Redis server would take
 * each other's pushes, QR sign-in states and broker sessions.
 */
export async function redisPrefix(config: Pick<Config, 'INSTALLATION_ID'>, db: Db): Promise<string> {
  return `sl:${await installationId(config, db)}:`;
}
