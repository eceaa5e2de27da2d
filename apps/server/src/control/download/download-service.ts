import type { CommandName, OverrideParams } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import type { CommandSender, TaskNotice } from '../../gateway/ports.js';
import { bindFingerprint, compileBind, type ProgramSource } from '../compiler/compile.js';
import { zonedDate } from '../compiler/zone-time.js';
import { BindingRepository } from './binding-repository.js';
import { desiredPrograms } from './desired.js';
import { TaskRepository, type TaskSource } from './task-repository.js';

/** The zone of strategy programs, which have no plan to take one from. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
/** Commands sent at once; the rest wait, so a fleet-wide change does not flood the broker. */
const PARALLEL = 32;

/** An emergency override as downloaded. */
export interface EmergencyDownload {
  id: number;
  action: 'on' | 'off' | 'dim';
  level: number;
  startAt: Date;
  expireAt: Date;
}

/**
 * Downloads programs and overrides: compiles what each terminal must run, sends only what changed,
 * records a task per terminal and document, settles it from the reply and sends again when the
 * terminal comes back.
 */
export class DownloadService {
  readonly tasks: TaskRepository;
  private readonly bindings: BindingRepository;

  constructor(
    private readonly db: Db,
    private readonly commands: () => CommandSender | undefined,
    /** How long a terminal has to answer a download before its task times out. */
    private readonly ttlMs = 60_000,
  ) {
    this.tasks = new TaskRepository(db);
    this.bindings = new BindingRepository(db);
  }

  /**
   * Brings terminals (all when none are given) to the program they should run now and returns how
   * many commands it sent. Unchanged programs are not sent again; a terminal left without any is cleared.
   */
  async reconcile(now = new Date(), terminalIds?: number[]): Promise<number> {
    const desired = await desiredPrograms(this.db, now, terminalIds);
    const strategies = await this.bindings.strategies([...new Set(desired.filter((d) => !d.planId && d.strategyId).map((d) => d.strategyId!))]);
    const policyIds = [...new Set(desired.map((d) => d.planPolicyId ?? (d.strategyId ? strategies.get(d.strategyId) : undefined)).filter((x): x is number => !!x))];
    const policies = await this.bindings.policies(policyIds);
    const jobs: Array<() => Promise<void>> = [];
    for (const d of desired) {
      const source: TaskSource | null = d.planId ? 'plan' : d.strategyId ? 'strategy' : null;
      const policy = policies.get(d.planPolicyId ?? strategies.get(d.strategyId ?? 0) ?? 0);
      if (!source || !policy) {
        if (d.bound) jobs.push(() => this.clear(d.terminalId));
        continue;
      }
      const sourceId = source === 'plan' ? d.planId! : d.strategyId!;
      const timeZone = d.timeZone ?? DEFAULT_TIME_ZONE;
      const src: ProgramSource = {
        planId: `${source}-${sourceId}`,
        policy: { steps: policy.steps, openMode: policy.openMode },
        firstDate: d.startDate ?? zonedDate(now.getTime(), timeZone),
        timeZone,
      };
      const params = compileBind(src, now.getTime());
      const fingerprint = bindFingerprint(params);
      if (fingerprint === d.bound) continue;
      jobs.push(async () => {
        await this.send(source, sourceId, d.terminalId, 'plan.bind', params);
        await this.bindings.bind(d.terminalId, source, sourceId, fingerprint);
      });
    }
    await runLimited(jobs, PARALLEL);
    return jobs.length;
  }

  /** Sends an emergency override to its terminals (the terminal itself returns to its program at expiry). */
  async override(e: EmergencyDownload, terminalIds: number[]): Promise<void> {
    const params: OverrideParams = { id: `e-${e.id}`, seq: e.id, action: e.action, level: e.level, startsAt: e.startAt.getTime(), expiresAt: e.expireAt.getTime() };
    await runLimited(terminalIds.map((t) => () => this.send('emergency', e.id, t, 'override.set', params as unknown as Record<string, unknown>)), PARALLEL);
  }

  /** Withdraws an emergency override from every terminal it was sent to (the task of each terminal now records the withdrawal). */
  async clearOverride(emergencyId: number): Promise<void> {
    const terminalIds = await this.tasks.terminalsOf('emergency', emergencyId);
    await runLimited(terminalIds.map((t) => () => this.send('emergency', emergencyId, t, 'override.clear', { id: `e-${emergencyId}` })), PARALLEL);
  }

  /** Sends again what a terminal (or every online terminal) has not confirmed. */
  async resend(terminalId?: number): Promise<number> {
    const due = await this.tasks.due(terminalId);
    await this.sendAgain(due);
    return due.length;
  }

  /** Sends the tasks' commands again; an override that has expired meanwhile is not sent. */
  async sendAgain(tasks: Array<{ source: string; sourceId: number; terminalId: number; cmd: string; params: Record<string, unknown> }>): Promise<void> {
    const live = tasks.filter((t) => t.cmd !== 'override.set' || Number(t.params.expiresAt) > Date.now());
    await runLimited(live.map((t) => () => this.send(t.source as TaskSource, t.sourceId, t.terminalId, t.cmd as CommandName, t.params)), PARALLEL);
  }

  /** Records a reply or time-out on the task whose command it settles. */
  async settled(n: TaskNotice): Promise<void> {
    await this.tasks.settle(n.taskId, n.state, n.msg);
  }

  private async clear(terminalId: number) {
    await this.send('plan', 0, terminalId, 'plan.clear', {});
    await this.bindings.unbind(terminalId);
  }

  private async send(source: TaskSource, sourceId: number, terminalId: number, cmd: CommandName, params: Record<string, unknown>) {
    const sender = this.commands();
    const base = { source, sourceId, terminalId, cmd, params };
    if (!sender) return this.tasks.write({ ...base, commandId: null, state: 'offline', msg: 'no device gateway' });
    try {
      const sent = await sender.send(terminalId, cmd, params, { ttlMs: this.ttlMs });
      await this.tasks.write({ ...base, commandId: sent.taskId, state: 'pending', msg: '' });
      await this.tasks.catchUp(sent.taskId);
    } catch (err) {
      await this.tasks.write({ ...base, commandId: null, state: 'failed', msg: err instanceof Error ? err.message.slice(0, 255) : 'send failed' });
    }
  }
}

async function runLimited(jobs: Array<() => Promise<unknown>>, parallel: number) {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]();
  };
  await Promise.all(Array.from({ length: Math.min(parallel, jobs.length) }, worker));
}
