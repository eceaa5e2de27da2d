import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { InstallationRepository } from './installation-repository.js';

const stored = new WeakMap<Db, Promise<string>>();

/**
 * This installation's id: INSTALLATION_ID, else the one stored in the database (made at its first use), so every
 * instance on the database agrees without configuration and a restart keeps it.
 */
export function installationId(config: Pick<Config, 'INSTALLATION_ID'>, db: Db): Promise<string> {
  if (config.INSTALLATION_ID) return Promise.resolve(config.INSTALLATION_ID);
  let id = stored.get(db);
  if (!id) {
    id = new InstallationRepository(db).idOr(randomBytes(8).toString('hex'));
    stored.set(db, id);
    // A failed read is tried again by the next caller.
    id.catch(() => stored.delete(db));
  }
  return id;
}

/**
 * Where this installation's Redis channels and keys start: `sl:{id}:`. Pub/sub ignores Redis's database
 * numbers and deployments may share one number, so without it two deployments on one Redis server would take
 * each other's pushes, QR sign-in states and broker sessions.
 */
export async function redisPrefix(config: Pick<Config, 'INSTALLATION_ID'>, db: Db): Promise<string> {
  return `sl:${await installationId(config, db)}:`;
}
