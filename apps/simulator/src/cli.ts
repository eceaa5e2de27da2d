import { HELP, parseCli, type CliConfig } from './cli-args.js';
import { Fleet, type FleetStats } from './fleet.js';

function statusLine(s: FleetStats, prev: FleetStats, seconds: number) {
  const perS = (k: 'sent' | 'acked') => ((s[k] - prev[k]) / seconds).toFixed(0);
  const latency = s.acked ? (s.ackLatencySumMs / s.acked).toFixed(0) : '-';
  return `[sim] connected ${s.connected}/${s.terminals} sent ${s.sent} (${perS('sent')}/s) acked ${s.acked} ` +
    `(${perS('acked')}/s) resent ${s.resent} dropped ${s.dropped} inflight ${s.inFlight} events ${s.events} ` +
    `commands ${s.commands} ack ${latency} ms avg / ${s.ackLatencyMaxMs} ms max`;
}

async function main() {
  let cfg: CliConfig;
  try {
    cfg = parseCli(process.argv.slice(2).filter((a) => a !== '--'));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${HELP}`);
    process.exit(2);
  }
  if (cfg.help) return console.log(HELP);
  const fleet = new Fleet(cfg.spec, cfg.options);
  const mode = cfg.options.rate ? `${cfg.options.rate} heartbeats/s` : `heartbeat ${cfg.spec.heartbeatS}s`;
  const which = cfg.spec.terminals ? 'from the terminals file' : `${cfg.spec.family}, model ${cfg.spec.model}`;
  console.log(`[sim] ${fleet.terminals.length} terminals (${which}) → ${cfg.options.url}, ${mode}`);
  const started = Date.now();
  let prev = fleet.stats();
  let prevAt = started;
  const status = setInterval(() => {
    const s = fleet.stats();
    console.log(statusLine(s, prev, (Date.now() - prevAt) / 1000));
    prev = s;
    prevAt = Date.now();
  }, 10_000);
  const stop = async () => {
    clearInterval(status);
    const s = fleet.stats();
    const secs = (Date.now() - started) / 1000;
    console.log(`[sim] done after ${secs.toFixed(0)} s: sent ${s.sent} acked ${s.acked} resent ${s.resent} ` +
      `dropped ${s.dropped}; end-to-end stored ${(s.acked / secs).toFixed(1)}/s over the run`);
    await fleet.stop();
    process.exit(0);
  };
  const finish = () =>
    void stop().catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
  process.once('SIGINT', finish);
  process.once('SIGTERM', finish);
  await fleet.start();
  if (cfg.durationS) setTimeout(finish, cfg.durationS * 1000);
}

void main();
