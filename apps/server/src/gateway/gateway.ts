import { hostname } from 'node:os';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { AlarmWriteRepository } from '../alarms/alarm-write-repository.js';
import { createDomainCore, type DomainCore } from '../domain-core.js';
import { ThresholdWatch } from '../alarms/threshold-watch.js';
import { AssetReadingsService } from '../assets/asset-readings-service.js';
import { CommandEffects } from './command-effects.js';
import { CommandRepository } from './command-repository.js';
import { DeviceCommandService } from './device-command-service.js';
import { silentLog, type DeviceTransport, type GatewayLog } from './device-transport.js';
import { startEmbeddedBroker } from './embedded-broker.js';
import { connectExternalBroker } from './external-broker.js';
import { startBrokerAccounts, type BrokerAccountsConfig } from './dynsec/broker-accounts.js';
import { Ingest } from './ingest.js';
import type { GatewayHandle } from './ports.js';
import type { ScheduledJob } from '../scheduler/scheduled-job.js';
import { Presence } from './presence.js';
import { PresenceHorizon } from './presence-horizon.js';
import { ReadLag } from './read-lag.js';
import { ReadProgress, REPORT_MS } from './read-progress.js';
import { ReadProgressRepository } from './read-progress-repository.js';
import { ReadingRepository } from './reading-repository.js';
import { PartitionStatistics } from './partition-statistics.js';
import { TerminalDirectory } from './terminal-directory.js';
import { openFilesLimit, terminalsBeyondLimit } from './open-files.js';
import { TerminalRecordRepository } from './terminal-record-repository.js';
import { checkSignIn, SignInRefusals } from './sign-in.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { parseIdentity } from './terminal-identity.js';
import { redisPrefix } from '../system/installation/installation-service.js';
import { batchFailures, createUpWriters } from './up-writers.js';
import { installationTimeZone } from '../devices/terminal/terminal-zone-domain.js';

export interface GatewayOptions {
  config: Pick<
    Config,
    | 'MQTT_PORT' | 'MQTT_URL' | 'REDIS_URL' | 'MQTT_CLIENT_ID' | 'MQTT_SESSION_EXPIRY_S' | 'PORT' | 'OFFLINE_AFTER_MISSED' | 'SWEEP_INTERVAL_MS' | 'COMMAND_TTL_MS'
    | 'HOST' | 'DEVICE_CLOCK_SKEW_S' | 'RETENTION_HEARTBEAT_DAYS' | 'RETENTION_EVENT_DAYS' | 'INSTALLATION_ID'
  > & Partial<Pick<Config, 'TIME_ZONE'>> & BrokerAccountsConfig;
  db: Db;
  /** PostgreSQL runs beside the process, so two heartbeat batches can be written at once; PGlite shares its thread. */
  engine?: Database['engine'];
  log?: GatewayLog;
  /** Replaces the broker chosen from the configuration. */
  transport?: DeviceTransport;
  /** Shared-subscription group on an external broker. */
  shareGroup?: string;
  /** See PresenceDeps.maxRefreshMs. */
  presenceRefreshMs?: number;
  /** Wrong sign-ins on the embedded broker, per client id and address (a test passes its own limits and clock). */
  signInThrottle?: SignInThrottle;
  /** The server's one scheduler: the offline sweep is its job, run by one instance at a time. Without it (tests, benches) the gateway sweeps on its own timer. */
  scheduler?: { register(job: ScheduledJob): void };
  /** This instance among those on the database; default its MQTT client id. */
  instanceId?: string;
  /** The clock of receive times, read progress and sweeps (tests move it). */
  now?: () => Date;
  /** How often the read progress is reported (read-progress.ts); 0: only by reportProgress(). */
  progressReportMs?: number;
  /** The server's event bus and alarm workflow (compose.ts); a gateway started alone builds its own. */
  core?: DomainCore;
}

export interface Gateway extends GatewayHandle {
  /** Where terminals connect, for the start-up lines. */
  address: string;
  /** The broker URL a terminal connects to (the embedded broker, or MQTT_URL without its credentials). */
  deviceUrl: string;
  /** Drop cached terminal data after an edit (secret reset, status change); no id drops all. */
  invalidateTerminal(terminalId?: number): void;
  /** One run of the sweepers (offline terminals, expired commands); also runs on a timer. */
  sweep(): Promise<void>;
  /** Stores this instance's read progress, which the offline sweep of every instance reads; also every second. */
  reportProgress(): Promise<void>;
}

/** Starts the device gateway: the embedded broker by default, an external one when MQTT_URL is set. */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const { config, db, engine = 'pglite', log = silentLog, transport, shareGroup = 'sl-gateway', presenceRefreshMs, signInThrottle = new SignInThrottle() } = options;
  const { now: clock = () => new Date(), scheduler, progressReportMs = REPORT_MS } = options;
  const instanceId = options.instanceId ?? config.MQTT_CLIENT_ID ?? `sl-gateway-${hostname()}-${config.PORT}`;
  const terminalRecords = new TerminalRecordRepository(db);
  const directory = new TerminalDirectory(terminalRecords);
  const alarmRepo = new AlarmWriteRepository(db);
  const core = options.core ?? createDomainCore(db, log);
  // The terminal and terminal_log rows are written by their owners (devices), which the core holds.
  const { events, alarms, alarmSettings: settings, terminalWrites: terminals, deviceLogs: logs } = core;
  const readLag = new ReadLag();
  const readProgressRepo = new ReadProgressRepository(db);
  const presence = new Presence({
    repo: terminals, alarmRepo, alarms, logs, log, offlineAfterMissed: config.OFFLINE_AFTER_MISSED, maxRefreshMs: presenceRefreshMs,
    onState: (terminalId, state) => events.emit('terminal.presence', { terminalId, state }),
    lag: readLag, horizon: new PresenceHorizon(readProgressRepo, config.OFFLINE_AFTER_MISSED),
  });
  // An external broker keeps a stopped instance's queue for its session expiry; the embedded broker keeps none.
  const holdMs = config.MQTT_URL ? config.MQTT_SESSION_EXPIRY_S * 1000 : 0;
  const progress = new ReadProgress({ repo: readProgressRepo, lag: readLag, readerId: instanceId, holdMs, flush: () => presence.flush(), now: clock, log });
  const readings = new ReadingRepository(db);
  const statistics = new PartitionStatistics((table, day) => readings.analyzeIfNoStatistics(table, day), log);
  const writers = createUpWriters({ heartbeatConcurrency: engine === 'postgres' ? 2 : 1, readings, terminals, alarms, logs, log, statistics });
  const thresholds = new ThresholdWatch(settings, (c) => writers.alarms.push(c), config.TIME_ZONE ?? installationTimeZone());
  const assets = new AssetReadingsService(db, { directory: core.assetDirectory, change: (c) => writers.alarms.push(c), log, flushMs: 60_000 });
  const signIns = new SignInRefusals(log);
  let ingest: Ingest | undefined;
  // A raised or cleared alarm can change a terminal's online state: its next message is written.
  const unfollowAlarms = events.on('alarm.changed', (n) => presence.forget(n.terminalId));

  // Before the gateway subscribes: the reconciliation gives the gateway's account its role.
  const brokerAccounts = transport ? undefined : await startBrokerAccounts({ config, db, shareGroup, log });
  const mqtt =
    transport ??
    (config.MQTT_URL
      ? await connectExternalBroker({
          url: config.MQTT_URL, shareGroup, log,
          clientId: instanceId, sessionExpiryS: config.MQTT_SESSION_EXPIRY_S,
        })
      : await startEmbeddedBroker({
          port: config.MQTT_PORT,
          host: config.HOST,
          persistence: config.REDIS_URL ? (await import('./redis-sessions.js')).redisSessions(config.REDIS_URL, await redisPrefix(config, db)) : undefined,
          log,
          reject: (reason, detail) => ingest?.reject(reason, detail),
          authenticate: (attempt) => checkSignIn((family, sn) => directory.load(family, sn), attempt),
          refuseSignIn: (reason, who, level) => signIns.record(reason, who, level),
          throttle: signInThrottle,
        }));
  if (!transport && !config.MQTT_URL) {
    const limit = openFilesLimit();
    const beyond = terminalsBeyondLimit(limit, await terminalRecords.connectable());
    if (beyond) log.warn({ openFilesLimit: limit, terminalsBeyond: beyond }, 'too few open files for the fleet: that many terminals cannot connect to the embedded broker; raise LimitNOFILE (systemd) or nofile (containers) above the fleet size');
  }
  const commands = new DeviceCommandService(new CommandRepository(db), directory, mqtt, new CommandEffects(terminals, directory, logs), log, config.COMMAND_TTL_MS, (n) => events.emit('task.settled', n));
  mqtt.onReady?.((clientId) => {
    const key = parseIdentity(clientId);
    if (!key) return;
    directory
      .find(key.family, key.sn)
      .then((terminal) => (terminal ? commands.deliverQueued(terminal) : 0))
      .catch((err) => log.error({ err, clientId }, 'delivering queued commands failed'));
  });
  const day = 86_400_000;
  const timestamps = { futureMs: config.DEVICE_CLOCK_SKEW_S * 1000, pastMs: { heartbeat: config.RETENTION_HEARTBEAT_DAYS * day, event: config.RETENTION_EVENT_DAYS * day } };
  ingest = new Ingest({ directory, writers, presence, commands, thresholds, assets, transport: mqtt, log, timestamps, now: clock, onReading: (terminalId, lit) => events.emit('reading.stored', { terminalId, lit }) });
  let closing = false;
  mqtt.onMessage((topic, payload) => (closing ? undefined : ingest.handle(topic, payload)));

  const sweepOffline = () => presence.sweep(clock()).catch((err) => log.error({ err }, 'offline sweep failed'));
  const sweepCommands = async () => {
    await commands
      .sweep()
      .then((expired) => presence.unanswered(expired, clock()))
      .catch((err) => log.error({ err }, 'command time-out sweep failed'));
  };
  // The offline sweep judges the whole fleet from every instance's reports: one instance at a time runs it.
  scheduler?.register({ name: 'gateway.offline', everyMs: config.SWEEP_INTERVAL_MS, run: async ({ now }) => void (await presence.sweep(now)) });
  const sweep = async () => {
    await sweepOffline();
    await sweepCommands();
  };
  let sweeping: Promise<void> | undefined;
  const timer = setInterval(() => void (sweeping ??= (scheduler ? sweepCommands() : sweep()).finally(() => (sweeping = undefined))), config.SWEEP_INTERVAL_MS);
  timer.unref();
  if (progressReportMs > 0) progress.start(progressReportMs);

  return {
    address: mqtt.address,
    deviceUrl: mqtt.url,
    accounts: brokerAccounts?.accounts,
    commands,
    events,
    core,
    sweep,
    reportProgress: () => progress.report(),
    invalidateTerminal: (id) => {
      directory.invalidate(id);
      presence.forget(id);
    },
    stats: () => ({
      connected: mqtt.connectedCount(),
      received: ingest.received,
      stored: ingest.stored,
      rejected: { ...ingest.rejected },
      batchFailures: batchFailures(writers),
      authRefused: { ...signIns.counts },
      commands: { ...commands.counts },
      alarms: { raised: { ...alarms.counts.raised }, cleared: { ...alarms.counts.cleared } },
    }),
    signInRefused: (reason, who) => signIns.record(reason, who),
    close: async () => {
      await mqtt.drain?.();
      closing = true;
      clearInterval(timer);
      await sweeping;
      await Promise.all([writers.heartbeats.flush(), writers.events.flush(), writers.hellos.flush(), commands.flush()]);
      await writers.alarms.flush();
      await assets.close();
      await new Promise((resolve) => setImmediate(resolve)); // let stored messages queue their presence updates
      await presence.flush();
      await progress.stop();
      await mqtt.close();
      await brokerAccounts?.close();
      unfollowAlarms();
    },
  };
}
