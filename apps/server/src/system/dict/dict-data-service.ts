import type { DictData, DictOption, dictDataInput, dictDataQuery } from '@sl/contracts';
import type { z } from 'zod';
import { badRequest, notFound, assertAllFound, text } from '../../http/errors.js';
import type { DictDataRepository, DictDataRow } from './dict-data-repository.js';
import { dictWorkbook } from './dict-workbook.js';

type DictDataValues = z.output<typeof dictDataInput>;

const toDictData = (row: DictDataRow): DictData => ({
  ...row,
  listClass: row.listClass as DictData['listClass'],
  isDefault: row.isDefault as DictData['isDefault'],
  status: row.status as DictData['status'],
  createdAt: row.createdAt.toISOString(),
});

export class DictDataService {
  constructor(private readonly repo: DictDataRepository) {}

  async page(q: z.output<typeof dictDataQuery>) {
    const page = await this.repo.page(q);
    return { ...page, list: page.list.map(toDictData) };
  }

  options(dictType: string): Promise<DictOption[]> {
    return this.repo.options(dictType) as Promise<DictOption[]>;
  }

  async get(dictCode: number): Promise<DictData> {
    const row = await this.repo.findById(dictCode);
    if (!row) throw notFound(text('system.dictValueNotFound', { id: dictCode }));
    return toDictData(row);
  }

  async create(values: DictDataValues): Promise<DictData> {
    return this.repo.transaction(async (repo) => {
      await assertValueFree(repo, values);
      return toDictData(await repo.insert(values));
    });
  }

  async update(dictCode: number, values: DictDataValues): Promise<void> {
    await this.repo.transaction(async (repo) => {
      if (!(await repo.findById(dictCode))) throw notFound(text('system.dictValueNotFound', { id: dictCode }));
      await assertValueFree(repo, values, dictCode);
      await repo.update(dictCode, values);
    });
  }

  async remove(ids: number[]): Promise<void> {
    await this.repo.transaction(async (repo) => assertAllFound('system.dictValueNotFound', ids, await repo.delete(ids)));
  }

  /** The values of one type, or of every type, as an .xlsx workbook. */
  async export(dictType?: string): Promise<Buffer> {
    if (dictType && !(await this.repo.typeExists(dictType))) throw badRequest(text('system.dictTypeUnknown', { type: dictType }));
    return dictWorkbook(await this.repo.all(dictType));
  }
}

async function assertValueFree(repo: DictDataRepository, values: DictDataValues, ownCode?: number) {
  if (!(await repo.typeExists(values.dictType))) throw badRequest(text('system.dictTypeUnknown', { type: values.dictType }));
  const other = await repo.findByValue(values.dictType, values.dictValue);
  if (other && other.dictCode !== ownCode) {
    throw badRequest(text('system.dictValueTaken', { value: values.dictValue, type: values.dictType }));
  }
}
