import type { DictType, dictTypeInput, dictTypeQuery } from '@sl/contracts';
import type { z } from 'zod';
import { badRequest, notFound, assertAllFound, text } from '../../http/errors.js';
import type { DictTypeRepository, DictTypeRow } from './dict-type-repository.js';

type DictTypeValues = z.output<typeof dictTypeInput>;

const toDictType = (row: DictTypeRow): DictType => ({
  dictId: row.dictId,
  dictName: row.dictName,
  dictType: row.dictType,
  status: row.status as DictType['status'],
  remark: row.remark,
  createdAt: row.createdAt.toISOString(),
});

export class DictTypeService {
  constructor(private readonly repo: DictTypeRepository) {}

  async page(q: z.output<typeof dictTypeQuery>) {
    const page = await this.repo.page(q);
    return { ...page, list: page.list.map(toDictType) };
  }

  async get(dictId: number): Promise<DictType> {
    const row = await this.repo.findById(dictId);
    if (!row) throw notFound(text('system.dictTypeNotFound', { id: dictId }));
    return toDictType(row);
  }

  async create(values: DictTypeValues): Promise<DictType> {
    return this.repo.transaction(async (repo) => {
      await assertTypeFree(repo, values.dictType);
      return toDictType(await repo.insert(values));
    });
  }

  async update(dictId: number, values: DictTypeValues): Promise<void> {
    await this.repo.transaction(async (repo) => {
      if (!(await repo.findById(dictId))) throw notFound(text('system.dictTypeNotFound', { id: dictId }));
      await assertTypeFree(repo, values.dictType, dictId);
      await repo.update(dictId, values);
    });
  }

  /** Deleting a type deletes its values too. */
  async remove(ids: number[]): Promise<void> {
    await this.repo.transaction(async (repo) => assertAllFound('system.dictTypeNotFound', ids, await repo.delete(ids)));
  }
}

async function assertTypeFree(repo: DictTypeRepository, dictType: string, ownId?: number) {
  const other = await repo.findByType(dictType);
  if (other && other.dictId !== ownId) throw badRequest(text('system.dictTypeTaken', { type: dictType }));
}
