import { winningRule, type DownloadCounts, type PageResult, type PlanBody, type PlanCalendarDay, type PlanRow, type ProgramStep } from '@sl/contracts';
import { badRequest, text } from '../../http/errors.js';
import type { Principal } from '../../system/access/principal.js';
import { addDays, daysBetween, isoWeekday } from '../compiler/zone-time.js';
import { MAX_LOOPS } from '../compiler/validate.js';
import { isoRow, missing } from '../control-errors.js';
import type { DownloadService } from '../download/download-service.js';
import type { PolicyRepository } from '../policy/policy-repository.js';
import type { TargetResolver, TargetTerminal } from '../targets.js';
import type { PlanRecord, PlanRepository } from './plan-repository.js';

/** Longest plan, in days. */
export const MAX_PLAN_DAYS = 3660;
const NO_DOWNLOADS: DownloadCounts = { total: 0, pending: 0, succeeded: 0, failed: 0 };

/** Schedule plans: a policy on terminals for a date range, one plan per terminal and day. */
export class PlanService {
  constructor(
    private readonly repo: PlanRepository,
    private readonly policies: PolicyRepository,
    private readonly targets: TargetResolver,
    private readonly downloads: DownloadService,
  ) {}

  async page(p: Principal, q: { pageIndex: number; pageSize: number; name?: string; date?: string }): Promise<PageResult<PlanRow>> {
    const page = await this.repo.page(p, q);
    return { ...page, list: await this.rows(page.list) };
  }

  async get(p: Principal, id: number): Promise<PlanRow> {
    const row = await this.repo.find(p, id);
    if (!row) throw missing('control.planNotFound', id);
    return (await this.rows([row]))[0];
  }

  async add(p: Principal, body: PlanBody): Promise<PlanRow> {
    const { policy, terminals } = await this.check(p, body);
    const id = await this.repo.transaction(async (repo) => {
      await this.refuseClash(repo, terminals, body);
      return repo.insert({ ...body, deptId: policy.deptId ?? p.deptId, createdBy: p.userId });
    });
    await this.downloads.reconcile(new Date(), terminals.map((t) => t.terminalId));
    return this.get(p, id);
  }

  /**
   * Same checks as a new plan (its own days do not clash with it). Terminals it was sent to and
   * terminals it now names are brought up to date at once: dropped ones return to their strategy.
   */
  async update(p: Principal, body: PlanBody & { id: number }): Promise<PlanRow> {
    const current = await this.repo.find(p, body.id);
    if (!current) throw missing('control.planNotFound', body.id);
    const { policy, terminals } = await this.check(p, body);
    const before = await this.downloads.tasks.terminalsOf('plan', body.id);
    const now = terminals.map((t) => t.terminalId);
    const { id, ...fields } = body;
    await this.repo.transaction(async (repo) => {
      await this.refuseClash(repo, terminals, body, id);
      await repo.update(id, { ...fields, deptId: policy.deptId ?? current.deptId });
      await repo.dropTasksExcept(id, now);
    });
    await this.downloads.reconcile(new Date(), [...new Set([...before, ...now])]);
    return this.get(p, id);
  }

  /** All or nothing; the plans' terminals return to their strategy (or are cleared) at once. */
  async remove(p: Principal, ids: number[]): Promise<void> {
    for (const id of ids) if (!(await this.repo.find(p, id))) throw missing('control.planNotFound', id);
    const affected = new Set<number>();
    for (const id of ids) for (const t of await this.downloads.tasks.terminalsOf('plan', id)) affected.add(t);
    await this.repo.transaction((repo) => repo.delete(ids));
    if (affected.size) await this.downloads.reconcile(new Date(), [...affected]);
  }

  /** Ids first (policy, the rules' policies, targets), then the dates and every policy's loops against the terminals. */
  private async check(p: Principal, body: PlanBody) {
    const policy = await this.policies.find(p, body.policyId);
    if (!policy) throw missing('control.policyNotFound', body.policyId);
    const rulePolicies = [];
    for (const rule of body.rules) {
      const found = await this.policies.find(p, rule.policyId);
      if (!found) throw missing('control.policyNotFound', rule.policyId);
      rulePolicies.push(found);
    }
    const terminals = await this.targets.resolve(p, body.groupMode, body.targetIds);
    const span = daysBetween(body.startDate, body.endDate);
    if (span < 0) throw badRequest(text('control.dateRange', { start: body.startDate, end: body.endDate }));
    if (span >= MAX_PLAN_DAYS) throw badRequest(text('control.dateRangeTooLong', { max: MAX_PLAN_DAYS }));
    if (!terminals.length) throw badRequest(text('control.noTerminals'));
    for (const each of [policy, ...rulePolicies]) {
      const unfit = loopMismatch(each.steps.flatMap((s) => s.loops ?? []), each.family, terminals);
      if (unfit) throw badRequest(text('control.policyModelMismatch', { family: each.family, model: each.model, count: unfit }));
    }
    return { policy, terminals };
  }

  /** A terminal runs one plan a day: refuses a plan sharing a day with another on any of its terminals. */
  private async refuseClash(repo: PlanRepository, terminals: TargetTerminal[], body: PlanBody, self = 0) {
    const clash = await repo.clash(terminals.map((t) => t.terminalId), body.startDate, body.endDate, self);
    if (clash) throw badRequest(text('control.planConflict', { count: clash.count, names: clash.names.join('、'), plan: clash.name, from: clash.startDate, to: clash.endDate }));
  }

  /**
   * For each day from `from` to `to` (at most 62), the plans that run that day (open mode "today"
   * too: a plan's program runs on every day of its dates), the calendar rule that wins that day (null: the
   * plan's own policy) and how many of the winning policy's steps run on that weekday.
   */
  async calendar(p: Principal, fromDate?: string, toDate?: string, terminalId?: number): Promise<PlanCalendarDay[]> {
    const today = new Date().toISOString().slice(0, 10);
    const from = fromDate ?? `${today.slice(0, 8)}01`;
    const to = toDate ?? addDays(`${addDays(from, 32).slice(0, 8)}01`, -1);
    if (terminalId) await this.targets.resolve(p, 1, [terminalId]);
    const days = Math.min(daysBetween(from, to), 61);
    if (days < 0) throw badRequest(text('control.dateRange', { start: from, end: to }));
    const plans = await this.repo.between(p, from, addDays(from, days), terminalId);
    const rulePolicies = new Map<number, { name: string; steps: ProgramStep[] }>();
    for (const id of new Set(plans.flatMap((pl) => pl.rules.map((r) => r.policyId)))) {
      const found = await this.policies.find(p, id);
      if (found) rulePolicies.set(id, { name: found.name, steps: found.steps });
    }
    return Array.from({ length: days + 1 }, (_, i) => {
      const date = addDays(from, i);
      const weekday = isoWeekday(date);
      const running = plans.filter((pl) => pl.startDate <= date && pl.endDate >= date);
      return {
        date,
        plans: running.map((pl) => {
          const index = winningRule(pl.rules, date);
          const rule = index >= 0 ? pl.rules[index] : undefined;
          const ruled = rule ? rulePolicies.get(rule.policyId) : undefined;
          const steps = ruled?.steps ?? pl.policySteps;
          return {
            id: pl.id, name: pl.name, policyId: rule?.policyId ?? pl.policyId, policyName: ruled?.name ?? pl.policyName,
            steps: steps.filter((s) => !s.days?.length || s.days.includes(weekday)).length,
            rule: rule ? { index, name: rule.name } : null,
          };
        }),
      };
    });
  }

  private async rows(list: PlanRecord[]): Promise<PlanRow[]> {
    const counts = await this.downloads.tasks.counts('plan', list.map((r) => r.id));
    return list.map((r) => {
      const downloads = counts.get(r.id) ?? NO_DOWNLOADS;
      return { ...isoRow(r), terminalCount: r.groupMode === 1 ? r.targetIds.length : downloads.total, downloads } as PlanRow;
    });
  }
}

/** Terminals a program naming `loops` cannot run: single lamps, and cabinets of a family with fewer loops. */
function loopMismatch(loops: number[], family: string, terminals: TargetTerminal[]): number {
  if (!loops.length) return 0;
  const highest = Math.max(...loops);
  return terminals.filter((t) => t.model !== 1 || MAX_LOOPS[t.family as keyof typeof MAX_LOOPS] < highest || (t.family !== family && highest > 4)).length;
}
