import { and, eq, isNull } from 'drizzle-orm';
import { TerminalModel } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { departments, lampAssets, lampFaultOverrides, lampTypes, terminals } from '../db/schema/index.js';
import type { PowerLimits } from './power-judge.js';

export interface WatchedLamp {
  assetId: number;
  limits: PowerLimits;
}

/** How long another instance may judge with old thresholds; writes on this instance drop the copy at once. */
const REFRESH_MS = 60_000;

/** The department ids of a path such as `/0/1/2/5`, nearest first. */
const chainOf = (deptId: number, path: string) => [deptId, ...path.split('/').map(Number).filter((id) => id > 0 && id !== deptId).reverse()];

/**
 * The lamps the gateway judges by power: single-lamp controllers with a lamp record, each with its type's thresholds
 * and the nearest department's override (its own, else the closest above it). Loaded whole and kept for REFRESH_MS.
 */
export class AssetDirectory {
  private byTerminal: Map<number, WatchedLamp> | null = null;
  private loadedAt = 0;
  private loading: Promise<Map<number, WatchedLamp>> | null = null;

  constructor(private readonly db: Db, private readonly now: () => number = Date.now) {}

  invalidate() {
    this.byTerminal = null;
  }

  /** The lamp on a single-lamp controller, or undefined; a cache hit costs no I/O. */
  async lampOf(terminalId: number): Promise<WatchedLamp | undefined> {
    if (!this.byTerminal || this.now() - this.loadedAt > REFRESH_MS) {
      this.loading ??= this.load().finally(() => (this.loading = null));
      this.byTerminal = await this.loading;
    }
    return this.byTerminal.get(terminalId);
  }

  private async load(): Promise<Map<number, WatchedLamp>> {
    const at = this.now();
    const [rows, overrides, depts] = await Promise.all([
      this.db
        .select({ assetId: lampAssets.assetId, terminalId: lampAssets.terminalId, deptId: lampAssets.deptId, lampCount: lampAssets.lampCount, type: lampTypes })
        .from(lampAssets)
        .innerJoin(lampTypes, eq(lampTypes.lampTypeId, lampAssets.lampTypeId))
        .innerJoin(terminals, eq(terminals.terminalId, lampAssets.terminalId))
        .where(and(isNull(lampAssets.loop), eq(terminals.model, TerminalModel.singleLamp))),
      this.db.select().from(lampFaultOverrides),
      this.db.select({ deptId: departments.deptId, path: departments.deptPath }).from(departments),
    ]);
    const own = new Map(overrides.map((o) => [`${o.deptId}:${o.lampTypeId}`, o]));
    const chains = new Map(depts.map((d) => [d.deptId, chainOf(d.deptId, d.path)]));
    const map = new Map<number, WatchedLamp>();
    for (const r of rows) {
      if (r.terminalId === null || map.has(r.terminalId)) continue;
      const chain = r.deptId === null ? [] : (chains.get(r.deptId) ?? [r.deptId]);
      const o = chain.map((d) => own.get(`${d}:${r.type.lampTypeId}`)).find(Boolean);
      map.set(r.terminalId, {
        assetId: r.assetId,
        limits: {
          ratedPowerW: r.type.ratedPowerW, lampCount: r.lampCount, cloCurve: r.type.cloCurve,
          tolerancePct: o?.tolerancePct ?? r.type.tolerancePct, debounceS: o?.debounceS ?? r.type.debounceS, cyclingPerHour: o?.cyclingPerHour ?? r.type.cyclingPerHour,
          absoluteMinW: r.type.absoluteMinW, absoluteMaxW: r.type.absoluteMaxW,
        },
      });
    }
    this.loadedAt = at;
    return map;
  }
}
