import type { AlarmSet, AlarmSetInForce, AlarmSetInput, AlarmSetQuery, DeviceFamily, PageResult } from '@sl/contracts';
import { withIsoDates } from '../devices/logs/records.js';
import { badRequest, notFound, text } from '../http/errors.js';
import type { Principal } from '../system/access/principal.js';
import type { DeptService } from '../system/dept/dept-service.js';
import type { AlarmSetRepository, AlarmSetRow, AlarmSetValues } from './alarm-set-repository.js';
import type { AlarmSettings } from './alarm-settings.js';

const toSet = (r: AlarmSetRow): AlarmSet => withIsoDates(r) as unknown as AlarmSet;
const missing = (setId: number) => notFound(text('alarmSet.notFound', { setId }));

/**
 * Alarm settings per department and family. The caller's data scope decides which departments' settings they
 * see; changing them needs every department they govern (the department and all below it) in scope, and the
 * people texted must be users of the department or below it that the caller sees.
 */
export class AlarmSetService {
  constructor(
    private readonly repo: AlarmSetRepository,
    private readonly settings: AlarmSettings,
    private readonly depts: Pick<DeptService, 'get'>,
  ) {}

  async page(p: Principal, q: AlarmSetQuery): Promise<PageResult<AlarmSet>> {
    const page = await this.repo.page(p, q);
    return { ...page, list: page.list.map(toSet) };
  }

  async add(p: Principal, body: AlarmSetInput): Promise<AlarmSet> {
    const values = await this.checked(p, body);
    const row = await this.repo.insert(values);
    if (!row) throw badRequest(text('alarmSet.familyTaken', { family: values.family }));
    return this.changed(toSet(row));
  }

  /** `onlyFamily`: the `/alarm/set/rdc4m/...` forms touch only settings of that family. */
  async update(p: Principal, setId: number, body: AlarmSetInput, onlyFamily?: DeviceFamily): Promise<AlarmSet> {
    const current = await this.repo.findVisible(p, setId);
    if (!current || (onlyFamily && current.family !== onlyFamily)) throw missing(setId);
    const values = await this.checked(p, { ...body, deptId: body.deptId ?? current.deptId });
    if (values.deptId !== current.deptId) await this.governed(p, current.deptId);
    const other = await this.repo.of(values.deptId, values.family);
    if (other && other.setId !== setId) throw badRequest(text('alarmSet.familyTaken', { family: values.family }));
    const row = await this.repo.update(setId, values);
    if (!row) throw missing(setId);
    return this.changed(toSet(row));
  }

  async remove(p: Principal, setId: number, onlyFamily?: DeviceFamily): Promise<void> {
    const current = await this.repo.findVisible(p, setId);
    if (!current || (onlyFamily && current.family !== onlyFamily)) throw missing(setId);
    await this.governed(p, current.deptId);
    if (!(await this.repo.remove(setId))) throw missing(setId);
    this.changed(null);
  }

  /** The department's own settings of the family, else a copy of those it follows (no one texted), else the defaults. */
  async inForce(p: Principal, family: DeviceFamily, deptId?: number): Promise<AlarmSetInForce> {
    const dept = await this.dept(p, deptId);
    const own = await this.repo.of(dept.deptId, family);
    if (own) return { ...toSet(own), fromDeptId: own.deptId };
    const rules = await this.settings.rules(family, dept.deptId, { fresh: true });
    const { enabledKinds, thresholds, debounceS, severities, remark } = rules.set;
    return { setId: 0, deptId: dept.deptId, family, enabledKinds, thresholds, debounceS, severities, remark, smsUserIds: [], updatedAt: null, fromDeptId: rules.deptId };
  }

  /** Removes the department's own settings of the family: its terminals follow the department above again. */
  async reset(p: Principal, family: DeviceFamily, deptId?: number): Promise<AlarmSetInForce> {
    const dept = await this.dept(p, deptId);
    await this.governed(p, dept.deptId);
    await this.repo.removeOf(dept.deptId, family);
    this.changed(null);
    return this.inForce(p, family, dept.deptId);
  }

  /** The body's department (the caller's own when left out), in scope with all below it, and its people checked. */
  private async checked(p: Principal, body: AlarmSetInput): Promise<AlarmSetValues> {
    const dept = await this.dept(p, body.deptId);
    await this.governed(p, dept.deptId);
    const smsUserIds = [...new Set(body.smsUserIds)];
    const inside = new Set(await this.repo.usersWithin(p, dept.deptPath, smsUserIds));
    const outside = smsUserIds.filter((id) => !inside.has(id));
    if (outside.length) throw badRequest(text('alarmSet.smsUsersOutside', { ids: outside.join(', '), deptId: dept.deptId }));
    return { ...body, smsUserIds, deptId: dept.deptId };
  }

  /** The department in the caller's scope (404 otherwise); the caller's own when none is given. */
  private async dept(p: Principal, deptId: number | undefined) {
    const id = deptId ?? p.deptId;
    if (id === null) throw badRequest(text('alarmSet.deptRequired'));
    return this.depts.get(p, id);
  }

  /** Settings govern the department and those below it: changing them needs all of these in the caller's scope. */
  private async governed(p: Principal, deptId: number): Promise<void> {
    if (await this.repo.governsOutside(p, deptId)) throw badRequest(text('alarmSet.governsOutside', { deptId }));
  }

  private changed<T>(v: T): T {
    this.settings.invalidate();
    return v;
  }
}
