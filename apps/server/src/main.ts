import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { seedDatabase } from './seed/seed.js';
import { startGateway } from './gateway/gateway.js';
import { forwardLog, type GatewayLog } from './gateway/device-transport.js';
import { startDemoFleet } from './demo/demo-fleet.js';
import { seedDemoNotices } from './seed/seed-demo-notices.js';

async function main() {
  const config = loadConfig();
  const pretty = process.stdout.isTTY ? { target: 'pino-pretty', options: { translateTime: 'SYS:standard', ignore: 'pid,hostname' } } : undefined;
  const logger = { level: config.LOG_LEVEL, transport: pretty };
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, 'pglite') });
  const seeded = await seedDatabase(database.db, config);
  if (config.DEMO) await seedDemoNotices(database.db);
  // The gateway logs through the app's logger, which exists only once the app is built.
  let appLog: GatewayLog | undefined;
  const gateway = await startGateway({ config, db: database.db, engine: database.engine, log: forwardLog(() => appLog) });
  const app = await buildApp({ config, database, logger, gateway });
  appLog = app.log.child({ module: 'gateway' });
  const fleet = config.DEMO ? await startDemoFleet(database.db, config, gateway.address) : undefined;
  const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${path.join(config.DATA_DIR, 'pglite')}`;

  const close = async () => {
    await fleet?.stop();
    await app.close();
    await gateway.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);

  await app.listen({ port: config.PORT, host: config.HOST });
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const lines = [
    '',
    `  Street-light console is running at http://${host}:${config.PORT}/`,
    `  API documentation:                 http://${host}:${config.PORT}/api/docs`,
    `  Database:                          ${where}`,
    `  Device gateway (MQTT):             ${gateway.address}`,
  ];
  if (fleet) lines.push(`  Demo fleet:                        ${fleet.terminals.length} simulated terminals`);
  if (seeded.admin) {
    lines.push(`  Sign in as: ${seeded.admin.username} / ${seeded.admin.password}`);
    if (seeded.admin.source !== 'ADMIN_PASSWORD') lines.push('  WARNING: change this password after signing in (or set ADMIN_PASSWORD before the first start).');
  } else if (config.DEMO) {
    lines.push(`  Demo sign-in: admin / 123456 (unless it was changed)`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
