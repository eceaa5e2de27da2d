import { policyValueExpected, type ConfigValue, type SysConfig, type configInput, type configQuery } from '@sl/contracts';
import type { z } from 'zod';
import { badRequest, notFound, assertAllFound, text } from '../../http/errors.js';
import type { ConfigAdminRepository, ConfigRow } from './config-admin-repository.js';

type ConfigValues = z.output<typeof configInput>;
const BUILT_IN = 'Y';

const toConfig = (row: ConfigRow): SysConfig => ({
  ...row,
  configType: row.configType as SysConfig['configType'],
  isFrontend: row.isFrontend as SysConfig['isFrontend'],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export class ConfigService {
  constructor(private readonly repo: ConfigAdminRepository) {}

  async page(q: z.output<typeof configQuery>) {
    const page = await this.repo.page(q);
    return { ...page, list: page.list.map(toConfig) };
  }

  async get(configId: number): Promise<SysConfig> {
    const row = await this.repo.findById(configId);
    if (!row) throw notFound(text('system.configNotFound', { id: configId }));
    return toConfig(row);
  }

  /** A value by key; callers without the query permission see only the front-end parameters. */
  async value(configKey: string, seesAll: boolean): Promise<ConfigValue> {
    const row = await this.repo.findByKey(configKey);
    if (!row || (!seesAll && row.isFrontend !== '1')) throw notFound(text('system.configNotFound', { id: configKey }));
    return { configKey: row.configKey, configValue: row.configValue };
  }

  async create(values: ConfigValues): Promise<SysConfig> {
    assertValueFits(values);
    return this.repo.transaction(async (repo) => {
      await assertKeyFree(repo, values.configKey);
      return toConfig(await repo.insert(values));
    });
  }

  async update(configId: number, values: ConfigValues): Promise<void> {
    assertValueFits(values);
    await this.repo.transaction(async (repo) => {
      const current = await repo.findById(configId);
      if (!current) throw notFound(text('system.configNotFound', { id: configId }));
      // The server looks built-in parameters up by key, so their key and kind stay fixed.
      if (current.configType === BUILT_IN && (values.configKey !== current.configKey || values.configType !== BUILT_IN)) {
        throw badRequest(text('system.configBuiltInLocked', { key: current.configKey }));
      }
      await assertKeyFree(repo, values.configKey, configId);
      await repo.update(configId, values);
    });
  }

  async remove(ids: number[]): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const rows = await repo.findByIds(ids);
      assertAllFound('system.configNotFound', ids, rows.map((r) => r.configId));
      const builtIn = rows.filter((r) => r.configType === BUILT_IN).map((r) => r.configKey);
      if (builtIn.length) throw badRequest(text('system.configBuiltInUndeletable', { keys: builtIn.join(', ') }));
      await repo.delete(ids);
    });
  }
}

/** A setting the server reads (the password policy's) must hold a value it understands. */
function assertValueFits({ configKey, configValue }: ConfigValues): void {
  const expected = policyValueExpected(configKey, configValue);
  if (expected) throw badRequest(text('system.configValueInvalid', { key: configKey, expected }));
}

async function assertKeyFree(repo: ConfigAdminRepository, configKey: string, ownId?: number) {
  const other = await repo.findByKey(configKey);
  if (other && other.configId !== ownId) throw badRequest(text('system.configKeyTaken', { key: configKey }));
}
