import type { LampFaultOverride, LampType, LampTypeQuery, LampTypeValues, PageResult } from '@sl/contracts';
import { assertAllFound, badRequest, notFound, text } from '../http/errors.js';
import type { LampTypeRepository, LampTypeRow } from './lamp-type-repository.js';

const toLampType = (row: LampTypeRow, lamps: number): LampType => ({
  ...row,
  driverType: row.driverType as LampType['driverType'],
  lamps,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
const missing = (id: number) => notFound(text('asset.typeNotFound', { id }));

/** The catalogue: unique by manufacturer and model; a type with lamps cannot be deleted. */
export class LampTypeService {
  constructor(
    private readonly repo: LampTypeRepository,
    /** Told after every change, so the gateway's fault thresholds follow (assets/asset-readings-service.ts). */
    private readonly changed: () => void = () => undefined,
  ) {}

  async page(q: LampTypeQuery & { pageIndex: number; pageSize: number }): Promise<PageResult<LampType>> {
    const page = await this.repo.page(q);
    return { ...page, list: page.list.map((r) => toLampType(r.type, r.lamps)) };
  }

  async options() {
    return (await this.repo.all()).map((r) => ({ lampTypeId: r.lampTypeId, name: `${r.manufacturer} ${r.model}`, ratedPowerW: r.ratedPowerW }));
  }

  async get(id: number): Promise<LampType> {
    const found = await this.repo.find(id);
    if (!found) throw missing(id);
    return toLampType(found.type, found.lamps);
  }

  async create(values: LampTypeValues): Promise<LampType> {
    const row = await this.repo.transaction(async (repo) => {
      await nameFree(repo, values);
      return repo.insert(values);
    });
    this.changed();
    return toLampType(row, 0);
  }

  async update(id: number, values: LampTypeValues): Promise<void> {
    await this.repo.transaction(async (repo) => {
      if (!(await repo.find(id))) throw missing(id);
      await nameFree(repo, values, id);
      await repo.update(id, values);
    });
    this.changed();
  }

  async remove(ids: number[]): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const used = (await repo.usage(ids)).find((u) => u.n > 0);
      if (used) throw badRequest(text('asset.typeInUse', { id: used.lampTypeId, n: used.n }));
      assertAllFound('asset.typeNotFound', ids, await repo.delete(ids));
    });
    this.changed();
  }

  async overrides(): Promise<LampFaultOverride[]> {
    return (await this.repo.overrides()).map(({ o, deptName, manufacturer, model }) => ({ ...o, deptName, typeName: `${manufacturer} ${model}` }));
  }

  async saveOverride(input: { deptId: number; lampTypeId: number; tolerancePct: number | null; debounceS: number | null; cyclingPerHour: number | null }): Promise<void> {
    if (!(await this.repo.find(input.lampTypeId))) throw missing(input.lampTypeId);
    await this.repo.saveOverride(input);
    this.changed();
  }

  async deleteOverride(deptId: number, lampTypeId: number): Promise<void> {
    if (!(await this.repo.deleteOverride(deptId, lampTypeId))) throw missing(lampTypeId);
    this.changed();
  }
}

async function nameFree(repo: LampTypeRepository, v: LampTypeValues, ownId?: number) {
  const other = await repo.findByName(v.manufacturer, v.model);
  if (other && other.lampTypeId !== ownId) throw badRequest(text('asset.typeTaken', { manufacturer: v.manufacturer, model: v.model }));
}
