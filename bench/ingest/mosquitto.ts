// A Mosquitto of the bench's own (anonymous, on a free port of 127.0.0.1), configured as docs/scale-out.md
// tells an operator to: the gateway's session may hold a large backlog, packets above 20 KiB are refused.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const MOSQUITTO = '/usr/sbin/mosquitto';

export interface BenchBroker {
  url: string;
  where: string;
  stop(): Promise<void>;
}

export async function startMosquitto(port: number): Promise<BenchBroker> {
  if (!existsSync(MOSQUITTO)) throw new Error(`${MOSQUITTO} is not installed (apt-get install mosquitto), or pass --broker mqtt://…`);
  const dir = await mkdtemp(path.join(tmpdir(), 'sl-bench-mosquitto-'));
  const conf = path.join(dir, 'mosquitto.conf');
  await writeFile(conf, [
    `listener ${port} 127.0.0.1`,
    'allow_anonymous true',
    'persistence false',
    'retain_available false',
    'max_packet_size 20480',
    'max_queued_messages 100000',
    '',
  ].join('\n'));
  const proc = spawn(MOSQUITTO, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr?.on('data', (d) => (stderr += d));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (proc.exitCode !== null || Date.now() > deadline) {
      proc.kill();
      throw new Error(`mosquitto did not start on port ${port}: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    where: `a Mosquitto of the bench's own on 127.0.0.1:${port} (max_queued_messages 100000, max_packet_size 20480)`,
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
