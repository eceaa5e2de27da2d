import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
/** The server bundle `npm start` runs (scripts/build-server.mjs). */
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/main.js');
/** Set by the e2e global setup: a data folder already migrated and seeded as a first start leaves it. */
export const TEMPLATE_ENV = 'SL_E2E_DATA_TEMPLATE';

/**
 * Every product's environment unless a test sets otherwise: no past week (DEMO_HISTORY_DAYS=0), whose
 * background writing would compete with the browser for the CPU and whose closed alarms would fill the lists
 * the tests read, and no random demo faults (DEMO_FAULT_RATE=0), which silence lamps for minutes at random.
 */
// bcrypt cost 4 (the lowest): a browser test signs in often and checks no hash strength.
export const PRODUCT_ENV = { HOST: '127.0.0.1', CAPTCHA: 'false', DEMO: 'true', LOG_LEVEL: 'warn', DEMO_HISTORY_DAYS: '0', DEMO_FAULT_RATE: '0', PASSWORD_HASH_COST: '4' };
/** Settings the seed reads: a start that changes one begins with an empty folder, not the template. */
const SEED_SETTINGS = ['DATA_DIR', 'DATABASE_URL', 'DEMO', 'ADMIN_PASSWORD', 'DEMO_DEVICE_SECRET', 'PARTITIONS_AHEAD_DAYS'];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningProduct {
  baseUrl: string;
  /** The embedded MQTT broker terminals connect to. */
  mqttUrl: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the real product (`npm start`'s server bundle) on free ports with a throwaway data folder: a copy of
 * the global setup's template (migrated and seeded, as a first start leaves it), or an empty folder outside
 * vitest or when `env` changes what the seed writes. PRODUCT_ENV holds the defaults `env` can override. On a
 * busy machine another process can take a port between picking it and the server binding it: then it tries
 * again on new ports (a few times), rather than failing the whole file by chance.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  // Outside the e2e run (the screenshot scripts) nothing has built the bundle; it rebuilds only when stale.
  if (!process.env[TEMPLATE_ENV]) execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env);
    } catch (err) {
      if (attempt >= 3 || !/already in use/.test(String(err))) throw err;
    }
  }
}

async function startOnce(env: Record<string, string>): Promise<RunningProduct> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sl-e2e-'));
  const template = process.env[TEMPLATE_ENV];
  if (template && !SEED_SETTINGS.some((name) => name in env)) cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  const mqttPort = await freePort();
  const child: ChildProcess = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: root,
    env: { ...process.env, ...PRODUCT_ENV, PORT: String(port), DATA_DIR: dataDir, MQTT_PORT: String(mqttPort), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 90_000);
    const check = () => {
      if (log.includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      reject(new Error(`server exited with ${code}:\n${log}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
