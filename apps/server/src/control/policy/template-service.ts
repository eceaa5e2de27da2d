import type { DeviceFamily, PageQuery, PageResult, TemplateRow } from '@sl/contracts';
import type { z } from 'zod';
import type { templateBody } from '@sl/contracts';
import { programIssue } from '../compiler/validate.js';
import { isoRow, missing, refused } from '../control-errors.js';
import type { TemplateRecord, TemplateRepository } from './template-repository.js';

type TemplateBody = z.output<typeof templateBody>;
const toRow = (r: TemplateRecord) => isoRow(r) as TemplateRow;

/** Policy templates per family; the same program rules as policies. */
export class TemplateService {
  constructor(private readonly repo: TemplateRepository) {}

  async page(family: DeviceFamily, q: PageQuery & { name?: string }): Promise<PageResult<TemplateRow>> {
    const page = await this.repo.page(family, q);
    return { ...page, list: page.list.map(toRow) };
  }

  async all(family?: DeviceFamily): Promise<TemplateRow[]> {
    return (await this.repo.all(family)).map(toRow);
  }

  async get(family: DeviceFamily, id: number): Promise<TemplateRow> {
    const row = await this.repo.find(id, family);
    if (!row) throw missing('control.templateNotFound', id);
    return toRow(row);
  }

  async add(family: DeviceFamily, body: TemplateBody): Promise<TemplateRow> {
    const issue = programIssue(body.steps, family, body.model);
    if (issue) throw refused(issue);
    return this.get(family, await this.repo.insert({ ...body, family }));
  }

  async update(family: DeviceFamily, body: TemplateBody & { id: number }): Promise<TemplateRow> {
    await this.get(family, body.id);
    const issue = programIssue(body.steps, family, body.model);
    if (issue) throw refused(issue);
    const { id, ...fields } = body;
    await this.repo.update(id, fields);
    return this.get(family, id);
  }

  async remove(family: DeviceFamily, id: number): Promise<void> {
    if (!(await this.repo.delete(id, family))) throw missing('control.templateNotFound', id);
  }
}
