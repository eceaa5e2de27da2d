import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { composeServer } from './compose.js';
import { demoPasswordNotice } from './seed/demo-passwords.js';
import { chooseServerPorts } from './port-choice.js';
import { listenForMetrics } from './metrics/metrics-server.js';
import { startDemoHistory } from './demo/demo-history.js';

async function main() {
  const loaded = loadConfig();
  // Defaults give way when taken (a local Mosquitto on 1883, another app on 8080); explicit ports do not.
  const config = { ...loaded, ...(await chooseServerPorts(loaded, process.env)) };
  const pretty = process.stdout.isTTY ? { target: 'pino-pretty', options: { translateTime: 'SYS:standard', ignore: 'pid,hostname' } } : undefined;
  const logger = { level: config.LOG_LEVEL, transport: pretty };
  const server = await composeServer(config, logger);
  const { database, seeded, app, gateway, fleet } = server;
  const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${path.join(config.DATA_DIR, 'pglite')}`;

  const metricsServer = config.METRICS_PORT ? await listenForMetrics(app.metrics.registry, config.METRICS_PORT, config.HOST, app.log) : undefined;

  let history: { stop(): Promise<void> } | undefined;
  const close = async () => {
    await history?.stop();
    await metricsServer?.close();
    await server.close();
    process.exit(0);
  };
  const shutdown = () =>
    void close().catch((err: unknown) => {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    });
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.PORT, host: config.HOST });
  const port = (app.server.address() as AddressInfo).port;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const lines = [
    '',
    `  Street-light console is running at http://${host}:${port}/`,
    `  API documentation:                 http://${host}:${port}/api/docs`,
    `  Database:                          ${where}`,
    `  Device gateway (MQTT):             ${gateway.address}`,
  ];
  if (metricsServer) lines.push(`  Metrics (METRICS_PORT, no token):  http://${host}:${metricsServer.port}/metrics`);
  if (config.METRICS_TOKEN) lines.push(`  Metrics (METRICS_TOKEN):           http://${host}:${port}/metrics`);
  if (port !== loaded.PORT) lines.push(`  Note: port ${loaded.PORT} was taken; set PORT to choose the console's port.`);
  if (config.MQTT_PORT !== loaded.MQTT_PORT) lines.push(`  Note: MQTT port ${loaded.MQTT_PORT} was taken (another broker?); set MQTT_PORT to choose the gateway's port.`);
  if (fleet) lines.push(`  Demo fleet:                        ${fleet.terminals.length} simulated terminals`);
  if (seeded.admin) {
    // The operator chose ADMIN_PASSWORD and knows it; repeating it would put it in every captured stdout.
    const password = seeded.admin.source === 'ADMIN_PASSWORD' ? '(the ADMIN_PASSWORD you set)' : seeded.admin.password;
    lines.push(`  Sign in as: ${seeded.admin.username} / ${password}`);
    if (seeded.admin.source !== 'ADMIN_PASSWORD') lines.push('  WARNING: change this password after signing in (or set ADMIN_PASSWORD before the first start).');
  } else if (config.DEMO) {
    lines.push(`  Demo sign-in: admin / 123456 (unless it was changed)`);
  }
  lines.push(...(await demoPasswordNotice(database.db, config, app.services.passwords)));
  console.log(lines.join('\n') + '\n');
  // After the address is out: the past week is written in the background, once per database.
  if (config.DEMO) history = startDemoHistory(database.db, server.core.alarms, config, app.log.child({ module: 'demo-history' }));
}

const portVariable = (port: number) => ['MQTT_PORT', 'METRICS_PORT'].find((name) => Number(process.env[name]) === port) ?? 'PORT';
const inUse = (err: unknown): err is { code: string; port: number } => (err as { code?: string })?.code === 'EADDRINUSE';

main().catch((err) => {
  if (inUse(err)) console.error(`Port ${err.port} is already in use: set ${portVariable(err.port)} to a free port.`);
  else console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
