import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from './gateway.js';

const MOSQUITTO = '/usr/sbin/mosquitto';

/** Why a Mosquitto of the test's own cannot run here, or undefined when it can. */
export function mosquittoMissing(): string | undefined {
  return existsSync(MOSQUITTO) ? undefined : `${MOSQUITTO} not installed (Debian: apt-get install mosquitto)`;
}

/**
 * An anonymous Mosquitto of the test's own on a free port (never 1883), configured as docs/scale-out.md asks of a
 * production broker, so what one test does to its sessions reaches no other test.
 */
export async function startPrivateMosquitto(): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sl-mosquitto-'));
  // Mosquitto started as root drops to its own user, which must read the configuration.
  await chmod(dir, 0o755);
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  await writeFile(
    conf,
    [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'persistence false', 'retain_available false', 'max_packet_size 20480', 'max_queued_messages 100000', ''].join('\n'),
  );
  await chmod(conf, 0o644);
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
  return {
    url: `mqtt://127.0.0.1:${port}`,
    stop: async () => {
      proc.kill();
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Whether something accepts TCP connections at host:port (Redis, a broker). */
export function accepts(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}
