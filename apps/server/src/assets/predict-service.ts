import type { z } from 'zod';
import { LIKELY_TO_FAIL_SCORE, type LikelyToFail, type LikelyToFailQuery, type maintenanceRoundBody, type PageResult, type PoleRecord, type ReasonFigure, type WorkOrder } from '@sl/contracts';
import { badRequest, notFound, text } from '../http/errors.js';
import type { Principal } from '../system/access/principal.js';
import type { PredictRepository } from './predict-repository.js';
import { metres, routeStops } from './round-route.js';

/** What opens the round: the dispatch domain's work orders. */
export interface RoundOpener {
  createRound(p: Principal, round: { deptId: number | null; assigneeId: number; assetIds: number[]; poleNos: string[]; instruction: string }): Promise<WorkOrder>;
  assigneesOfDept(p: Principal, deptId: number): Promise<unknown[]>;
}

/** The "likely to fail" list and planned maintenance rounds made from it (docs/assets.md). */
export class PredictService {
  constructor(private readonly repo: PredictRepository, private readonly orders: RoundOpener) {}

  async page(p: Principal, q: LikelyToFailQuery & { pageIndex: number; pageSize: number }): Promise<PageResult<LikelyToFail>> {
    const page = await this.repo.page(p, q, q.minScore ?? LIKELY_TO_FAIL_SCORE);
    return { ...page, list: page.list.map((r) => ({ ...r, score: r.score ?? 0, reasons: r.reasons as ReasonFigure[], scoredAt: r.scoredAt?.toISOString() ?? null })) };
  }

  /** The pole's highest score and its reasons, for the phone view. */
  async risk(assetIds: number[]): Promise<PoleRecord['risk']> {
    const top = (await this.repo.scores(assetIds)).sort((a, b) => b.score - a.score)[0];
    return top ? { score: top.score, reasons: (top.reasons as ReasonFigure[]).map((r) => r.code) } : null;
  }

  async assignees(p: Principal, assetIds: number[]) {
    const lamps = await this.inScope(p, assetIds);
    const dept = oneDept(lamps);
    return dept === null ? [] : this.orders.assigneesOfDept(p, dept);
  }

  /**
   * One planned round: the chosen lamps, plus (with `radiusM`) the department's other likely-to-fail lamps within that
   * distance of the first that no open round holds, visited in route order.
   */
  async round(p: Principal, body: z.output<typeof maintenanceRoundBody>): Promise<WorkOrder> {
    const chosen = await this.inScope(p, [...new Set(body.assetIds)]);
    const deptId = oneDept(chosen);
    let lamps = chosen;
    const first = chosen[0];
    if (body.radiusM > 0 && first.lng !== null && first.lat !== null) {
      const near = (await this.repo.candidates(p, deptId, LIKELY_TO_FAIL_SCORE)).filter(
        (c) => c.orderId === null && !chosen.some((x) => x.assetId === c.assetId) && metres({ lng: first.lng!, lat: first.lat! }, { lng: c.lng!, lat: c.lat! }) <= body.radiusM,
      );
      lamps = [...chosen, ...near].slice(0, 100);
    }
    const route = routeStops(lamps);
    return this.orders.createRound(p, { deptId, assigneeId: body.assigneeId, assetIds: route.map((l) => l.assetId), poleNos: route.map((l) => l.poleNo), instruction: body.instruction });
  }

  private async inScope(p: Principal, ids: number[]) {
    const rows = await this.repo.lamps(p, ids);
    const missing = ids.filter((id) => !rows.some((r) => r.assetId === id));
    if (missing.length) throw notFound(text('asset.notFound', { id: missing.join(', ') }));
    return ids.map((id) => rows.find((r) => r.assetId === id)!);
  }
}

function oneDept(lamps: Array<{ deptId: number | null }>): number | null {
  const depts = new Set(lamps.map((l) => l.deptId));
  if (depts.size > 1) throw badRequest(text('asset.roundMixedDepartments'));
  return lamps[0]?.deptId ?? null;
}
