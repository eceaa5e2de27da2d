import { SET_BODIES, type PageResult, type SetKind, type SetRow, type TariffPeriod, type TerminalStrategyInfo } from '@sl/contracts';
import type { z } from 'zod';
import { badRequest, text } from '../../http/errors.js';
import type { Principal } from '../../system/access/principal.js';
import { isoRow, missing } from '../control-errors.js';
import type { Tariff } from '../compiler/tariff.js';
import type { PolicyRepository } from '../policy/policy-repository.js';
import type { SetRecord, SetRepository } from './set-repository.js';

type AnyBody = z.output<(typeof SET_BODIES)[SetKind]>;
const toRow = (r: SetRecord) => isoRow(r) as unknown as SetRow;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** Strategy, area, electricity and maintenance sets: one service, the kind's own rules. */
export class SetService {
  constructor(
    private readonly repo: SetRepository,
    private readonly policies: PolicyRepository,
    /** Told which terminals' programs may have changed (strategy sets). */
    private readonly changed: (terminalIds?: number[]) => void,
  ) {}

  async page(p: Principal, kind: SetKind, q: { pageIndex: number; pageSize: number; name?: string }): Promise<PageResult<SetRow>> {
    const page = await this.repo.page(p, kind, q);
    return { ...page, list: page.list.map(toRow) };
  }

  async all(p: Principal, kind: SetKind): Promise<SetRow[]> {
    return (await this.repo.all(p, kind)).map(toRow);
  }

  async get(p: Principal, kind: SetKind, id: number): Promise<SetRow & { terminalIds: number[] }> {
    const row = await this.repo.find(p, kind, id);
    if (!row) throw missing('control.setNotFound', id);
    return { ...toRow(row), terminalIds: kind === 'electricity' ? [] : await this.repo.memberIds(id) };
  }

  /** An electricity set's tariff, within the caller's scope (a 404 naming the id otherwise). */
  async tariff(p: Principal, id: number): Promise<Tariff & { name: string }> {
    const row = await this.repo.find(p, 'electricity', id);
    if (!row) throw missing('control.setNotFound', id);
    return { name: row.name, currency: String(row.data.currency ?? 'CNY'), periods: row.data.periods as TariffPeriod[] };
  }

  /** Maintenance units to suggest when dispatching these alarms (see `SetRepository.maintenanceFor`). */
  maintenanceFor(p: Principal, alarmIds: number[]) {
    return this.repo.maintenanceFor(p, alarmIds);
  }

  async defaultOf(p: Principal, kind: SetKind): Promise<SetRow | null> {
    const row = await this.repo.defaultOf(p, kind);
    return row ? toRow(row) : null;
  }

  async add(p: Principal, kind: SetKind, body: AnyBody) {
    const { fields, terminalIds } = await this.check(p, kind, body);
    const id = await this.repo.transaction(async (repo) => {
      const id = await repo.insert(kind, { ...fields, deptId: p.deptId });
      if (terminalIds) await repo.setMembers(kind, id, terminalIds);
      return id;
    });
    if (kind === 'strategy') this.changed();
    return this.get(p, kind, id);
  }

  async update(p: Principal, kind: SetKind, body: AnyBody & { id: number }) {
    if (!(await this.repo.find(p, kind, body.id))) throw missing('control.setNotFound', body.id);
    const { fields, terminalIds } = await this.check(p, kind, body);
    await this.repo.transaction(async (repo) => {
      await repo.update(kind, body.id, fields);
      if (terminalIds) await repo.setMembers(kind, body.id, terminalIds);
    });
    if (kind === 'strategy') this.changed();
    return this.get(p, kind, body.id);
  }

  async remove(p: Principal, kind: SetKind, ids: number[]): Promise<void> {
    for (const id of ids) if (!(await this.repo.find(p, kind, id))) throw missing('control.setNotFound', id);
    await this.repo.delete(ids);
    if (kind === 'strategy') this.changed();
  }

  /** Per-terminal strategy: assign the terminals to a strategy set, or (null) back to the default. */
  async assignStrategy(p: Principal, terminalIds: number[], strategyId: number | null): Promise<void> {
    const inScope = new Set(await this.repo.terminalsInScope(p, terminalIds));
    const absent = terminalIds.filter((id) => !inScope.has(id));
    if (absent.length) throw missing('control.terminalsNotFound', absent.slice(0, 10));
    if (strategyId !== null && !(await this.repo.find(p, 'strategy', strategyId))) throw missing('control.setNotFound', strategyId);
    await this.repo.transaction(async (repo) => (strategyId === null ? repo.leaveStrategies(terminalIds) : repo.addMembers('strategy', strategyId, terminalIds)));
    this.changed(terminalIds);
  }

  async strategyOf(p: Principal, terminalId: number): Promise<TerminalStrategyInfo> {
    if (!(await this.repo.terminalsInScope(p, [terminalId])).length) throw missing('control.terminalsNotFound', terminalId);
    const own = await this.repo.strategyOf(terminalId);
    const fallback = await this.repo.defaultOf(p, 'strategy');
    return { terminalId, strategy: own ? { id: own.id, name: own.name, policyId: Number(own.data.policyId) } : null, default: fallback ? toRow(fallback) : null };
  }

  /** Ids first, then the kind's own rules; returns the row fields and the members to store. */
  private async check(p: Principal, kind: SetKind, body: AnyBody) {
    const { name, remark, ...rest } = body as AnyBody & { terminalIds?: number[]; isDefault?: boolean; policyId?: number };
    let terminalIds: number[] | undefined;
    if ('terminalIds' in rest) {
      terminalIds = [...new Set(rest.terminalIds ?? [])];
      const inScope = new Set(await this.repo.terminalsInScope(p, terminalIds));
      const absent = terminalIds.filter((id) => !inScope.has(id));
      if (absent.length) throw missing('control.terminalsNotFound', absent.slice(0, 10));
      delete rest.terminalIds;
    }
    if (kind === 'strategy' && !(await this.policies.find(p, rest.policyId!))) throw missing('control.policyNotFound', rest.policyId!);
    if (kind === 'electricity') checkTariff((rest as { periods: { from: string; to: string }[] }).periods);
    const isDefault = rest.isDefault ?? false;
    delete rest.isDefault;
    return { fields: { name, isDefault, data: { ...rest, remark } }, terminalIds };
  }
}

/** Time-of-use periods must not overlap and must cover the whole day. */
function checkTariff(periods: { from: string; to: string }[]) {
  const spans = periods.map((x) => ({ ...x, a: minutes(x.from), b: x.to === '24:00' || x.to === '00:00' ? 1440 : minutes(x.to) })).sort((x, y) => x.a - y.a);
  for (const s of spans) if (s.a >= s.b) throw badRequest(text('control.tariffEmpty', { period: `${s.from}-${s.to}` }));
  let at = 0;
  for (const [i, s] of spans.entries()) {
    if (s.a < at) throw badRequest(text('control.tariffOverlap', { a: `${spans[i - 1].from}-${spans[i - 1].to}`, b: `${s.from}-${s.to}` }));
    if (s.a > at) throw badRequest(text('control.tariffGap', { from: hhmm(at), to: s.from }));
    at = s.b;
  }
  if (at < 1440) throw badRequest(text('control.tariffGap', { from: hhmm(at), to: '24:00' }));
}
