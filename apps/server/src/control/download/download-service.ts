import type { CommandName, OverrideParams } from '@sl/contracts';
import { BatchWriter } from '../../db/batch-writer.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { CommandSender, TaskNotice } from '../../gateway/ports.js';
import type { DeviceLogService } from '../../devices/logs/device-log-service.js';
import { bindFingerprint, compileBind, type ProgramSource } from '../compiler/compile.js';
import { BindingRepository } from './binding-repository.js';
import { installationTimeZone, terminalZone } from '../../devices/terminal/terminal-zone-domain.js';
import { desiredPrograms, type Desired } from './desired.js';
import { withFingerprint } from './program-fingerprint.js';
import { ControlTaskRepository, type TaskSource, type TaskWrite } from './control-task-repository.js';

/** The zone of a program whose terminal has none found (only the verification of bindings older than the zone field). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
/** Terminals whose task and binding rows are written in one statement. */
const BATCH = 500;

/** An emergency override as downloaded. */
export interface EmergencyDownload {
  id: number;
  action: 'on' | 'off' | 'dim';
  level: number;
  startAt: Date;
  expireAt: Date;
}

/** One command to one terminal; `binding` is the fingerprint to record as bound, null to unbind, absent to leave it. */
interface Download {
  source: TaskSource;
  sourceId: number;
  terminalId: number;
  cmd: CommandName;
  params: Record<string, unknown>;
  binding?: string | null;
}

/**
 * Downloads programs and overrides: compiles what each terminal must run, sends only what changed,
 * records a task per terminal and document, settles it from the reply and sends again when the
 * terminal comes back.
 */
export class DownloadService {
  readonly tasks: ControlTaskRepository;
  private readonly bindings: BindingRepository;
  private readonly outcomes: BatchWriter<TaskNotice>;

  constructor(
    private readonly db: Db,
    private readonly commands: () => CommandSender | undefined,
    /** The device logs: a terminal that lost its program is written to its timing log. */
    private readonly logs: Pick<DeviceLogService, 'write'>,
    /** How long a terminal has to answer a download before its task times out. */
    private readonly ttlMs = 60_000,
  ) {
    this.tasks = new ControlTaskRepository(db);
    this.bindings = new BindingRepository(db);
    // A failed write rejects each notice's `settled`, whose caller logs it.
    this.outcomes = new BatchWriter<TaskNotice>({
      write: (ns) => this.tasks.settleMany(ns.map((n) => ({ commandId: n.taskId, state: n.state, msg: n.msg }))),
      eager: true,
      onError: () => undefined,
    });
  }

  /**
   * Brings terminals (all when none are given) to the program they should run now and returns how
   * many commands it sent. Unchanged programs are not sent again, unless the terminal's heartbeats say it
   * lost it (a reset, a `plan.clear` from elsewhere): that is bound again and written to its timing log.
   * A terminal left without any program is cleared.
   */
  async reconcile(now = new Date(), terminalIds?: number[]): Promise<number> {
    const desired = await desiredPrograms(this.db, now, terminalIds);
    const strategies = await this.bindings.strategies([...new Set(desired.filter((d) => !d.planId && d.strategyId).map((d) => d.strategyId!))]);
    const policyIds = [...new Set(desired.map((d) => d.planPolicyId ?? (d.strategyId ? strategies.get(d.strategyId) : undefined)).filter((x): x is number => !!x))];
    const policies = await this.bindings.policies(policyIds);
    const downloads: Download[] = [];
    const lost: Array<{ d: Desired; sent: string }> = [];
    for (const d of desired) {
      const source: TaskSource | null = d.planId ? 'plan' : d.strategyId ? 'strategy' : null;
      const policy = policies.get(d.planPolicyId ?? strategies.get(d.strategyId ?? 0) ?? 0);
      if (!source || !policy) {
        if (d.bound) downloads.push({ source: 'plan', sourceId: 0, terminalId: d.terminalId, cmd: 'plan.clear', params: {}, binding: null });
        continue;
      }
      const sourceId = source === 'plan' ? d.planId! : d.strategyId!;
      // Plans and strategies alike run in the terminal's zone (its own, department's, position's or the installation's):
      // a plan on terminals in several zones runs each at its local clock times, with its zone's daylight-saving rule.
      const timeZone = terminalZone(d.zone, installationTimeZone()).timeZone;
      const src: ProgramSource = {
        planId: `${source}-${sourceId}`,
        policy: { steps: policy.steps, openMode: policy.openMode },
        timeZone,
      };
      const params = withFingerprint(compileBind(src, now.getTime()));
      const fingerprint = bindFingerprint(params);
      if (fingerprint === d.bound) {
        if (!d.reports || d.reported === params.fingerprint) continue;
        lost.push({ d, sent: params.fingerprint });
      }
      downloads.push({ source, sourceId, terminalId: d.terminalId, cmd: 'plan.bind', params, binding: fingerprint });
    }
    await this.sendAll(downloads);
    await this.logs.write(lost.map(({ d, sent }) => ({
      kind: 'timing',
      terminalId: d.terminalId,
      msg: `program lost (reports ${d.reported ?? 'none'}, was sent ${sent}): bound again`,
      detail: { reported: d.reported, sent, planId: d.planId, strategyId: d.planId ? null : d.strategyId },
    })));
    return downloads.length;
  }

  /** Sends an emergency override to its terminals (the terminal itself returns to its program at expiry). */
  async override(e: EmergencyDownload, terminalIds: number[]): Promise<void> {
    const params: OverrideParams = { id: `e-${e.id}`, seq: e.id, action: e.action, level: e.level, startsAt: e.startAt.getTime(), expiresAt: e.expireAt.getTime() };
    await this.sendAll(terminalIds.map((terminalId) => ({ source: 'emergency', sourceId: e.id, terminalId, cmd: 'override.set', params: params as unknown as Record<string, unknown> })));
  }

  /** Withdraws an emergency override from every terminal it was sent to (the task of each terminal now records the withdrawal). */
  async clearOverride(emergencyId: number): Promise<void> {
    const terminalIds = await this.tasks.terminalsOf('emergency', emergencyId);
    await this.sendAll(terminalIds.map((terminalId) => ({ source: 'emergency', sourceId: emergencyId, terminalId, cmd: 'override.clear', params: { id: `e-${emergencyId}` } })));
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
    await this.sendAll(live.map((t) => ({ ...t, source: t.source as TaskSource, cmd: t.cmd as CommandName })));
  }

  /** Records a reply or time-out on the task whose command it settles, with the others of its moment. */
  settled(n: TaskNotice): Promise<void> {
    return this.outcomes.push(n);
  }

  /**
   * Sends in slices of BATCH: the commands go out together (the gateway writes their rows in one statement), then
   * the slice's task rows, the catch-up of replies that came first, and the bindings are written in one statement each.
   */
  private async sendAll(downloads: Download[]): Promise<void> {
    for (let i = 0; i < downloads.length; i += BATCH) {
      const slice = downloads.slice(i, i + BATCH);
      const written = await this.dispatch(slice);
      await this.tasks.writeMany(written);
      await this.tasks.catchUp(written.flatMap((w) => (w.commandId ? [w.commandId] : [])));
      await this.bindings.bindMany(slice.flatMap((d) => (d.binding ? [{ terminalId: d.terminalId, source: d.source, sourceId: d.sourceId, fingerprint: d.binding }] : [])));
      await this.bindings.unbindMany(slice.filter((d) => d.binding === null).map((d) => d.terminalId));
    }
  }

  /** Sends a slice's commands; the task rows they make are written by the caller. */
  private async dispatch(slice: Download[]): Promise<TaskWrite[]> {
    const sender = this.commands();
    const base = (d: Download) => ({ source: d.source, sourceId: d.sourceId, terminalId: d.terminalId, cmd: d.cmd, params: d.params });
    if (!sender) return slice.map((d) => ({ ...base(d), commandId: null, state: 'offline', msg: 'no device gateway', msgKey: 'stored.noGateway' }));
    const outcomes = await sender.sendMany(slice.map((d) => ({ terminalId: d.terminalId, cmd: d.cmd, params: d.params })), { ttlMs: this.ttlMs });
    return slice.map((d, i) => {
      const o = outcomes[i];
      return 'error' in o ? { ...base(d), commandId: null, state: 'failed', ...sendFailure(o.error) } : { ...base(d), commandId: o.taskId, state: 'pending', msg: '' };
    });
  }
}

/** Why a command was not sent, in English and as a catalogue key: the refusal's own key, else "send failed" with the error. */
function sendFailure(err: unknown): Pick<TaskWrite, 'msg' | 'msgKey' | 'msgParams'> {
  if (err instanceof AppError && err.localized) return { msg: err.message.slice(0, 255), msgKey: err.localized.key, msgParams: err.localized.params ?? null };
  const reason = err instanceof Error ? err.message.slice(0, 200) : '';
  return { msg: reason || 'send failed', msgKey: 'stored.sendFailed', msgParams: { reason } };
}
