import { DEFAULT_COMMAND_TTL_MS, type DeviceFamily, type HeartRunProgress, type HeartRunPush } from '@sl/contracts';
import type { DomainEventBus } from '../../events/domain-events.js';
import type { TaskNotice } from '../../gateway/ports.js';
import { badRequest, text } from '../../http/errors.js';
import type { Principal } from '../../system/access/principal.js';
import type { HeartbeatService } from './heartbeat-service.js';

const HEARTBEAT_REQUEST = 'heartbeat.request';
/** Progress pushes at most this often while replies stream in; the first and the last are always sent. */
const PUSH_EVERY_MS = 250;
/** A run whose requests never all settle (a lost time-out sweep) still ends this long after its last send. */
const GIVE_UP_MS = DEFAULT_COMMAND_TTL_MS * 2;

export interface HeartRunPorts {
  gatewayRunning: () => boolean;
  events: () => DomainEventBus | undefined;
  push: (userId: number, message: HeartRunPush) => Promise<void>;
  log: { error(obj: unknown, msg?: string): void };
}

/**
 * The heartbeat test of all terminals: one at a time per server, sent in the background, its progress
 * (requests settled out of all) pushed to the starter. Settled notices are matched by task id; notices that
 * arrive before their send resolved are kept, so a fast reply is never missed.
 */
export class HeartbeatRun {
  private current?: HeartRunProgress;
  private nextId = 1;

  constructor(
    private readonly heartbeats: HeartbeatService,
    private readonly ports: HeartRunPorts,
  ) {}

  /** The caller's running or last run, or another user's run while it runs (a second one would be refused); else null. */
  status(principal: Principal): HeartRunProgress | null {
    const run = this.current;
    return run && (run.running || run.userId === principal.userId) ? { ...run } : null;
  }

  async start(principal: Principal, family?: DeviceFamily): Promise<HeartRunProgress> {
    const busy = this.current;
    if (busy?.running) throw badRequest(text('records.heartRunBusy', { done: busy.done, total: busy.total }));
    if (!this.ports.gatewayRunning()) throw badRequest(text('device.gatewayDown'));
    const ids = await this.heartbeats.terminalsToTest(principal, family);
    if (this.current?.running) throw badRequest(text('records.heartRunBusy', { done: this.current.done, total: this.current.total }));
    if (ids.length === 0) throw badRequest(text('records.heartRunEmpty'));
    const run: HeartRunProgress = {
      runId: this.nextId++, family: family ?? null, userId: principal.userId, userName: principal.username,
      total: ids.length, sent: 0, done: 0, succeeded: 0, failed: 0, running: true, startedAt: new Date().toISOString(), finishedAt: null,
    };
    this.current = run;
    void this.execute(principal, run, ids).catch((err: unknown) => {
      this.ports.log.error({ err, runId: run.runId }, 'heartbeat run failed');
      this.finish(run);
    });
    return { ...run };
  }

  private async execute(principal: Principal, run: HeartRunProgress, ids: number[]): Promise<void> {
    const settled = new Map<number, TaskNotice['state']>();
    const mine = new Set<number>();
    const count = (state: TaskNotice['state']) => {
      run.done++;
      if (state === 'succeeded') run.succeeded++;
      else run.failed++;
    };
    const onTask = (n: TaskNotice) => {
      if (n.cmd !== HEARTBEAT_REQUEST || n.userId !== principal.userId) return;
      if (mine.has(n.taskId)) {
        mine.delete(n.taskId);
        count(n.state);
        this.progress(run);
      } else settled.set(n.taskId, n.state);
    };
    const events = this.ports.events();
    events?.on('task.settled', onTask);
    this.progress(run, true);
    try {
      await this.heartbeats.requestMany(principal, ids, (sent) => {
        run.sent += sent.length;
        for (const { taskId } of sent) {
          const early = settled.get(taskId);
          if (early) {
            settled.delete(taskId);
            count(early);
          } else mine.add(taskId);
        }
        this.progress(run);
      });
      const deadline = Date.now() + GIVE_UP_MS;
      while (run.done < run.total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    } finally {
      events?.off('task.settled', onTask);
      this.finish(run);
    }
  }

  private finish(run: HeartRunProgress): void {
    if (!run.running) return;
    run.running = false;
    run.finishedAt = new Date().toISOString();
    this.progress(run, true);
  }

  private lastPush = 0;
  private progress(run: HeartRunProgress, force = false): void {
    const now = Date.now();
    if (!force && run.done < run.total && now - this.lastPush < PUSH_EVERY_MS) return;
    this.lastPush = now;
    this.ports.push(run.userId, { code: 200, event: 'heartRun', data: { ...run } }).catch((err: unknown) => this.ports.log.error({ err }, 'heartbeat run push failed'));
  }
}
