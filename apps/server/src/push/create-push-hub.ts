import { eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { departments } from '../db/schema/index.js';
import { redisPrefix } from '../system/installation/installation-service.js';
import { LocalPushBus } from './push-bus.js';
import { PushHub, type PushLog } from './push-hub.js';
import { RedisPushBus } from './redis-push-bus.js';

/** The hub on Redis pub/sub when REDIS_URL is set (several instances), else in process. */
export function createPushHub(config: Pick<Config, 'REDIS_URL' | 'INSTALLATION_ID'>, db: Db, log: PushLog): PushHub {
  const deptPathOf = async (deptId: number) =>
    (await db.select({ path: departments.deptPath }).from(departments).where(eq(departments.deptId, deptId)))[0]?.path ?? null;
  const bus = config.REDIS_URL
    ? new RedisPushBus(config.REDIS_URL, (err) => log.error({ err }, 'push bus (Redis) error'), async () => `${await redisPrefix(config, db)}push`)
    : new LocalPushBus();
  return new PushHub(bus, deptPathOf, log);
}
