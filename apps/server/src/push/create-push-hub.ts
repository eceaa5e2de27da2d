import { eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { departments } from '../db/schema/index.js';
import { redisPrefix } from '../system/installation/installation-service.js';
import { LocalPushBus } from './push-bus.js';
import { PushHub } from './push-hub.js';
import { RedisPushBus } from './redis-push-bus.js';

/** The hub on Redis pub/sub when REDIS_URL is set (several instances), else in process. */
export function createPushHub(config: Pick<Config, 'REDIS_URL' | 'INSTALLATION_ID'>, db: Db): PushHub {
  const deptPathOf = async (deptId: number) =>
    (await db.select({ path: departments.deptPath }).from(departments).where(eq(departments.deptId, deptId)))[0]?.path ?? null;
  let hub: PushHub | undefined;
  const bus = config.REDIS_URL
    ? new RedisPushBus(config.REDIS_URL, (err) => hub?.log.error({ err }, 'push bus (Redis) error'), async () => `${await redisPrefix(config, db)}push`)
    : new LocalPushBus();
  hub = new PushHub(bus, deptPathOf);
  return hub;
}
