import type { FastifyInstance } from 'fastify';
import type { Config } from '../../src/config.js';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/client.js';
import type { ThrottleLimits } from '../../src/auth/login-throttle.js';
import { PasswordCipher } from '../../src/auth/password-cipher.js';
import { seedDatabase } from '../../src/seed/seed.js';
import { openTestDatabase } from './engines.js';
import { startTestGateway } from './gateway.js';
import { seedsLikeDefault, testConfig } from './test-config.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The device gateway on the same database, when asked for (`withGateway`). */
  gateway?: Awaited<ReturnType<typeof startTestGateway>>;
  encrypt(plain: string): string;
  login(username?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export { TEST_SECRET } from './test-config.js';

/** Throttle limits that tests signing in many times never reach. */
const lenient = { limit: 1000, windowMs: 60_000, lockMs: 60_000 };
export const LENIENT_THROTTLE: ThrottleLimits = { pair: lenient, account: lenient, address: lenient };

/** The real app on a fresh, seeded database of the chosen engine. */
export async function createTestApp(
  engine: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  opts: { throttle?: ThrottleLimits; withGateway?: boolean } = {},
): Promise<TestApp> {
  const config = testConfig(env);
  const database = await openTestDatabase(engine, seedsLikeDefault(config) ? 'seeded' : 'migrated');
  // On the seeded template this finds the organisation in place and only brings menus and dictionaries up to date.
  await seedDatabase(database.db, config);
  const gateway = opts.withGateway ? await startTestGateway(database.db) : undefined;
  const app = await buildApp({ config, database, gateway, throttle: opts.throttle ?? LENIENT_THROTTLE });
  const cipher = new PasswordCipher(config.PASSWORD_KEY);
  const login = async (username = 'admin', password = '123456') => {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: cipher.encrypt(password), code: '', uuid: '' } });
    const body = res.json();
    if (body.code !== 200) throw new Error(`login failed: ${body.msg}`);
    return body.data.token as string;
  };
  return {
    app, database, config, gateway, login,
    encrypt: (plain) => cipher.encrypt(plain),
    close: async () => {
      await app.close();
      await gateway?.close();
      await database.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
