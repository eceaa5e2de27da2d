import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

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
 * Starts the real product (`npm start`'s server) on free ports with a throwaway data folder, without
 * the demo's past week (DEMO_HISTORY_DAYS=0) unless `env` asks for it: its background writing would
 * compete with the browser for the CPU, and its closed alarms would fill the lists the tests read. On a busy
 * machine another process can take a port between picking it and the server binding it: then it tries
 * again on new ports (a few times), rather than failing the whole file by chance.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
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
  const port = await freePort();
  const mqttPort = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA: 'false', DEMO: 'true', MQTT_PORT: String(mqttPort), LOG_LEVEL: 'warn', DEMO_HISTORY_DAYS: '0', ...env },
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
