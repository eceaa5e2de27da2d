import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, waitFor } from './gateway.js';

const MOSQUITTO = '/usr/sbin/mosquitto';
const MOSQUITTO_CTRL = '/usr/bin/mosquitto_ctrl';
const PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

/** Why a Mosquitto with the dynamic-security plugin cannot run here, or undefined when it can. */
export function dynsecMissing(): string | undefined {
  const missing = [MOSQUITTO, MOSQUITTO_CTRL, PLUGIN].filter((f) => !existsSync(f));
  return missing.length ? `${missing.join(', ')} not installed (Debian: apt-get install mosquitto mosquitto-clients)` : undefined;
}

export interface DynsecBroker {
  port: number;
  /** The broker's address with an account. */
  url(username: string, password: string): string;
  /** The dynamic-security admin account made by `mosquitto_ctrl dynsec init`. */
  adminUrl: string;
  stop(): Promise<void>;
}

/** A Mosquitto of the test's own on a free port (never 1883), authenticating through dynamic security only. */
export async function startDynsecBroker(): Promise<DynsecBroker> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sl-dynsec-'));
  // Mosquitto started as root drops to its own user, which must reach the plugin's file.
  await chmod(dir, 0o777);
  const dynsecFile = path.join(dir, 'dynamic-security.json');
  const adminPassword = 'dynsec-admin-test';
  await promisify(execFile)(MOSQUITTO_CTRL, ['dynsec', 'init', dynsecFile, 'admin', adminPassword]);
  await chmod(dynsecFile, 0o666);
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  await writeFile(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `plugin ${PLUGIN}`,
      `plugin_opt_config_file ${dynsecFile}`,
      'retain_available false',
      'max_packet_size 20480',
      'persistence false',
      '',
    ].join('\n'),
  );
  const proc: ChildProcess = spawn(MOSQUITTO, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr?.on('data', (d) => (stderr += d));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  try {
    await waitFor(async () => proc.exitCode === null && (await accepts(port)), 10_000, `mosquitto on port ${port}`);
  } catch (err) {
    proc.kill();
    throw new Error(`${(err as Error).message}: ${stderr}`);
  }
  const url = (username: string, password: string) => `mqtt://${encodeURIComponent(username)}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  return {
    port,
    url,
    adminUrl: url('admin', adminPassword),
    stop: async () => {
      proc.kill();
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}
