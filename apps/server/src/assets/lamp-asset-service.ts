import type { LampAsset, LampAssetQuery, LampAssetValues, PageResult, PoleRecord } from '@sl/contracts';
import { TerminalModel } from '@sl/contracts';
import { withIsoDates } from '../devices/logs/records.js';
import { assertAllFound, badRequest, notFound, text } from '../http/errors.js';
import { sqlState } from '../db/sql-state.js';
import type { Principal } from '../system/access/principal.js';
import type { LampAssetRepository } from './lamp-asset-repository.js';

type Found = NonNullable<Awaited<ReturnType<LampAssetRepository['find']>>>;
type Query = LampAssetQuery & { pageIndex: number; pageSize: number };
const missing = (id: number) => notFound(text('asset.notFound', { id }));

/** A register row as the console reads it. */
export const toLampAsset = (f: Found): LampAsset => ({
  ...f.asset,
  lastRepairAt: f.asset.lastRepairAt?.toISOString() ?? null,
  createdAt: f.asset.createdAt.toISOString(),
  updatedAt: f.asset.updatedAt.toISOString(),
  typeName: f.typeName, ratedPowerW: f.ratedPowerW, ratedLifeH: f.ratedLifeH, terminalSn: f.terminalSn, terminalName: f.terminalName,
  deptName: f.deptName, lng: f.lng, lat: f.lat, burnHours: f.burnHours,
});

/** The register of lamps and cabinet circuits; every read and write within the caller's data scope. */
export class LampAssetService {
  constructor(
    private readonly repo: LampAssetRepository,
    private readonly changed: () => void = () => undefined,
    private readonly today: () => string = () => new Date().toISOString().slice(0, 10),
  ) {}

  async page(p: Principal, q: Query): Promise<PageResult<LampAsset>> {
    const page = await this.repo.page(p, q, this.today());
    return { ...page, list: page.list.map(toLampAsset) };
  }

  async get(p: Principal, id: number): Promise<LampAsset> {
    const found = await this.repo.find(p, id);
    if (!found) throw missing(id);
    return toLampAsset(found);
  }

  /** The phone view: a pole's lamps, their open alarms and the highest failure score among them. */
  async pole(p: Principal, poleNo: string, risk: (assetIds: number[]) => Promise<PoleRecord['risk']>): Promise<PoleRecord> {
    const rows = await this.repo.byPole(p, poleNo);
    if (!rows.length) throw notFound(text('asset.poleNotFound', { poleNo }));
    const terminalIds = [...new Set(rows.map((r) => r.asset.terminalId).filter((id): id is number => id !== null))];
    const openAlarms = (await this.repo.openAlarms(terminalIds)).map((a) => withIsoDates(a));
    return { poleNo, lamps: rows.map(toLampAsset), openAlarms, risk: await risk(rows.map((r) => r.asset.assetId)) };
  }

  async create(p: Principal, values: LampAssetValues): Promise<LampAsset> {
    const row = await this.write(values, () => this.checked(p, values).then((v) => this.repo.insert(v)));
    this.changed();
    return this.get(p, row.assetId);
  }

  async update(p: Principal, assetId: number, values: LampAssetValues): Promise<void> {
    if (!(await this.repo.find(p, assetId))) throw missing(assetId);
    await this.write(values, () => this.checked(p, values).then((v) => this.repo.update(assetId, v)));
    this.changed();
  }

  async remove(p: Principal, ids: number[]): Promise<void> {
    await this.repo.transaction(async (repo) => assertAllFound('asset.notFound', ids, await repo.delete(p, ids)));
    this.changed();
  }

  /** The linked controller must be in scope, a circuit needs a cabinet, the department comes from the controller when not given. */
  private async checked(p: Principal, v: LampAssetValues) {
    let deptId = v.deptId;
    if (v.terminalId !== null) {
      const t = await this.repo.terminal(p, v.terminalId);
      if (!t) throw badRequest(text('asset.terminalNotFound', { id: v.terminalId }));
      if (v.loop !== null && t.model !== TerminalModel.centralised) throw badRequest(text('asset.loopNeedsCabinet'));
      deptId ??= t.deptId;
    } else if (v.loop !== null) throw badRequest(text('asset.loopNeedsCabinet'));
    if (deptId !== null && !(await this.repo.deptVisible(p, deptId))) throw badRequest(text('asset.deptOutOfScope', { id: deptId }));
    return { ...v, deptId };
  }

  private async write<T>(v: LampAssetValues, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (sqlState(err) === '23505') throw badRequest(text('asset.duplicate', { poleNo: v.poleNo }));
      throw err;
    }
  }
}
