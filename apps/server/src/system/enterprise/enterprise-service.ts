import type { Enterprise, EnterpriseOption, enterpriseInput, enterpriseQuery } from '@sl/contracts';
import type { z } from 'zod';
import { badRequest, notFound, assertAllFound, text } from '../../http/errors.js';
import type { EnterpriseRepository, EnterpriseRow } from './enterprise-repository.js';

type EnterpriseValues = z.output<typeof enterpriseInput>;

const toEnterprise = (row: EnterpriseRow): Enterprise => ({
  ...row,
  status: row.status as Enterprise['status'],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export class EnterpriseService {
  constructor(private readonly repo: EnterpriseRepository) {}

  async page(q: z.output<typeof enterpriseQuery>) {
    const page = await this.repo.page(q);
    return { ...page, list: page.list.map(toEnterprise) };
  }

  options(): Promise<EnterpriseOption[]> {
    return this.repo.enabled();
  }

  async get(enterpriseId: number): Promise<Enterprise> {
    const row = await this.repo.findById(enterpriseId);
    if (!row) throw notFound(text('system.enterpriseNotFound', { id: enterpriseId }));
    return toEnterprise(row);
  }

  async create(values: EnterpriseValues): Promise<Enterprise> {
    return this.repo.transaction(async (repo) => {
      await assertCodeFree(repo, values.code);
      return toEnterprise(await repo.insert(values));
    });
  }

  async update(enterpriseId: number, values: EnterpriseValues): Promise<void> {
    await this.repo.transaction(async (repo) => {
      if (!(await repo.findById(enterpriseId))) throw notFound(text('system.enterpriseNotFound', { id: enterpriseId }));
      await assertCodeFree(repo, values.code, enterpriseId);
      await repo.update(enterpriseId, values);
    });
  }

  async remove(ids: number[]): Promise<void> {
    await this.repo.transaction(async (repo) => assertAllFound('system.enterpriseNotFound', ids, await repo.delete(ids)));
  }
}

async function assertCodeFree(repo: EnterpriseRepository, code: string, ownId?: number) {
  const other = await repo.findByCode(code);
  if (other && other.enterpriseId !== ownId) throw badRequest(text('system.enterpriseCodeTaken', { code, name: other.name }));
}
