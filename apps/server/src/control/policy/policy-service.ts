import type { PageResult, PolicyBody, PolicyQuery, PolicyRow } from '@sl/contracts';
import { badRequest, text } from '../../http/errors.js';
import type { Principal } from '../../system/access/principal.js';
import { programIssue } from '../compiler/validate.js';
import { isoRow, missing, refused } from '../control-errors.js';
import type { DeptCheck } from '../dept-check.js';
import type { TemplateRepository } from './template-repository.js';
import type { PolicyRecord, PolicyRepository } from './policy-repository.js';

export const toPolicyRow = (r: PolicyRecord): PolicyRow => ({ ...isoRow(r), kind: 'policy' }) as PolicyRow;

/** Control policies: validated programs owned by a department. */
export class PolicyService {
  constructor(
    private readonly repo: PolicyRepository,
    private readonly templates: TemplateRepository,
    private readonly depts: DeptCheck,
  ) {}

  async page(p: Principal, q: PolicyQuery): Promise<PageResult<PolicyRow>> {
    const page = await this.repo.page(p, q);
    return { ...page, list: page.list.map(toPolicyRow) };
  }

  /** The policy, or null when it is missing or out of scope (the shared `/policy/getData` asks this). */
  async find(p: Principal, id: number): Promise<PolicyRow | null> {
    const row = await this.repo.find(p, id);
    return row ? toPolicyRow(row) : null;
  }

  async get(p: Principal, id: number): Promise<PolicyRow> {
    const row = await this.find(p, id);
    if (!row) throw missing('control.policyNotFound', id);
    return row;
  }

  async add(p: Principal, body: PolicyBody): Promise<PolicyRow> {
    const deptId = await this.checkRefs(p, body);
    const id = await this.repo.insert({ ...body, deptId, createdBy: p.userId });
    return this.get(p, id);
  }

  async update(p: Principal, body: PolicyBody & { id: number }): Promise<PolicyRow> {
    const current = await this.repo.find(p, body.id);
    if (!current) throw missing('control.policyNotFound', body.id);
    const deptId = await this.checkRefs(p, body, current.deptId);
    const { id, ...fields } = body;
    await this.repo.update(id, { ...fields, deptId });
    return this.get(p, id);
  }

  /** All or nothing; a policy a plan or strategy still uses is kept. */
  async remove(p: Principal, ids: number[]): Promise<void> {
    await this.repo.transaction(async (repo) => {
      for (const id of ids) {
        if (!(await repo.find(p, id))) throw missing('control.policyNotFound', id);
        const by = await repo.usedBy(id);
        if (by) throw badRequest(text('control.policyInUse', { id, by }));
      }
      await repo.delete(p, ids);
    });
  }

  /** Ids first (so a missing id is reported as such), then the program itself. */
  private async checkRefs(p: Principal, body: PolicyBody, currentDept: number | null = null): Promise<number | null> {
    const deptId = body.deptId ?? currentDept ?? p.deptId;
    if (body.deptId !== null) await this.depts.assert(p, body.deptId);
    if (body.templateId !== null) {
      const template = await this.templates.find(body.templateId);
      if (!template) throw missing('control.templateNotFound', body.templateId);
      if (template.family !== body.family) throw badRequest(text('control.familyMismatch', { policy: body.family, template: template.family }));
    }
    const issue = programIssue(body.steps, body.family, body.model);
    if (issue) throw refused(issue);
    return deptId;
  }
}
