import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi, type MockInstance } from 'vitest';
import type { AlarmRow } from '../src/alarms/alarm-write-repository.js';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/client.js';
import { seedDatabase } from '../src/seed/seed.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase } from './support/engines.js';
import { LENIENT_THROTTLE } from './support/test-app.js';
import { testConfig } from './support/test-config.js';

const SECRET = 'AKS-do-not-log-4711';
const failure = (message: string) => Object.assign(new Error(message), { accessKeySecret: SECRET });

/**
 * The push hub, and the alarm and SMS services built from it while the routes register, log through the
 * app's logger from the start: redacted, at its level, never on the console.
 */
describeEachEngine("alarm and SMS errors go to the app's logger", (engine) => {
  const config = testConfig();
  const lines: string[] = [];
  let database: Database;
  let app: FastifyInstance;
  let consoleSpies: MockInstance[] = [];

  beforeAll(async () => {
    consoleSpies = (['log', 'info', 'warn', 'error'] as const).map((m) => vi.spyOn(console, m));
    database = await openTestDatabase(engine);
    await seedDatabase(database.db, config);
    app = await buildApp({ config, database, throttle: LENIENT_THROTTLE, logger: { level: 'error', stream: { write: (line: string) => void lines.push(line) } } });
    await app.ready();
  });
  afterAll(async () => {
    for (const spy of consoleSpies) spy.mockRestore();
    await app?.close();
    await database?.close();
  });

  const smsFails = async () => {
    const sms = app.services.sms;
    vi.spyOn(sms.provider, 'send').mockRejectedValue(failure('provider refused'));
    await sms.send([{ userId: null, phone: '13800000000', deptId: null }], 'alarm', { alarmId: '1', terminal: 'T1', kind: 'offline' });
  };
  const alarmListenerFails = () => {
    const publish = vi.spyOn(app.services.push, 'publish').mockImplementation(() => {
      throw failure('push refused');
    });
    const row = { alarmId: 987_654, terminalId: 1, deptId: null, kind: 'offline', severity: 2, status: 0, message: 'offline', clearedAt: null } as unknown as AlarmRow;
    app.services.alarmDomain.workflow.announce(row, { terminalId: 1, name: 'T1', family: 'cabinet' } as never, 'raise');
    publish.mockRestore();
  };

  it('writes them redacted, and nothing to the console', async () => {
    await smsFails();
    alarmListenerFails();
    const logged = lines.join('');
    expect(logged).toContain('sms delivery failed');
    expect(logged).toContain('an alarm listener failed');
    expect(logged).not.toContain(SECRET);
    for (const spy of consoleSpies) expect(spy).not.toHaveBeenCalled();
  });

  it('follows the level the app logs at', async () => {
    app.log.level = 'fatal';
    const before = lines.length;
    await smsFails();
    alarmListenerFails();
    expect(lines.length).toBe(before);
    for (const spy of consoleSpies) expect(spy).not.toHaveBeenCalled();
  });
});
