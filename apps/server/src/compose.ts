import path from 'node:path';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp, type AppOptions } from './app.js';
import { seedAtStart } from './seed/seed-at-start.js';
import { startGateway } from './gateway/gateway.js';
import { forwardLog, type GatewayLog } from './gateway/device-transport.js';
import { seedDemo, startDemoFleet } from './demo/demo-fleet.js';
import { Scheduler } from './scheduler/scheduler.js';
import { startControl } from './control/control-runtime.js';
import { fleetJobs } from './fleet/jobs.js';
import { notifyRetryJob } from './notify/notify-domain.js';
import { smsRetryJob } from './sms/sms-domain.js';
import { webhookJob } from './open/webhooks/webhook-domain.js';
import { assetHealthJob } from './assets/health-job.js';
import { authPurgeJob } from './auth/auth-purge-job.js';
import { createDomainCore } from './domain-core.js';

/**
 * The composition root: one server built in one readable order. The database; the core every side shares
 * (the typed event bus and the one alarm workflow, domain-core.ts); the scheduler; the device gateway on that
 * core; the HTTP app on the same core (services.ts builds each domain once; reactions.ts holds every
 * cross-domain subscription); the scheduled jobs; the demo fleet. main.ts starts listening and prints the lines.
 */
export async function composeServer(config: Config, logger: AppOptions['logger']) {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, 'pglite'), partitionsAheadDays: config.PARTITIONS_AHEAD_DAYS });
  const seeded = await seedAtStart(database.db, config);
  // The core, the gateway and the scheduler log through the app's logger, which exists only once the app is built.
  let appLog: GatewayLog | undefined;
  let schedulerLog: GatewayLog | undefined;
  const log = forwardLog(() => appLog);
  const core = createDomainCore(database.db, log);
  // The one scheduler: every job runs on exactly one instance (advisory lock), catching up after downtime.
  // It ticks at least as often as the gateway's offline sweep (SWEEP_INTERVAL_MS), one of its jobs.
  const scheduler = new Scheduler(database.db, forwardLog(() => schedulerLog), { tickMs: Math.min(5_000, config.SWEEP_INTERVAL_MS) });
  const gateway = await startGateway({ config, db: database.db, engine: database.engine, log, scheduler, core });
  const app = await buildApp({ config, database, logger, gateway });
  appLog = app.log.child({ module: 'gateway' });
  schedulerLog = app.log.child({ module: 'scheduler' });

  startControl(scheduler, database.db, app.services.control, gateway, app.log.child({ module: 'control' }));
  for (const job of fleetJobs({ db: database.db, config })) scheduler.register(job);
  scheduler.register(smsRetryJob(app.services.sms));
  scheduler.register(notifyRetryJob(app.services.notify));
  scheduler.register(app.services.reports.monthly.job(app.log.child({ module: 'reports' })));
  scheduler.register(assetHealthJob(database.db));
  scheduler.register(app.services.terminalDomain.listChangesJob);
  scheduler.register(authPurgeJob(app.services.authRepo, app.services.counters));
  scheduler.register(webhookJob(app.services.webhooks));
  // The demo's records first: the health job's first run, at the scheduler's first tick, then scores the seeded lamps.
  if (config.DEMO) await seedDemo(database.db, config);
  scheduler.start();
  const fleet = config.DEMO ? await startDemoFleet(database.db, config, gateway.deviceUrl) : undefined;

  return {
    database, seeded, core, scheduler, gateway, app, fleet,
    /** Stops what was built, last built first. */
    close: async () => {
      await fleet?.stop();
      await scheduler.stop();
      await app.close();
      await gateway.close();
      await database.close();
    },
  };
}
