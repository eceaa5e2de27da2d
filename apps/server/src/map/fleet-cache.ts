import { MapFlag, MapState, type MapChange, type MapFleetColumns } from '@sl/contracts';
import type { LitStates } from './lit-states.js';

/** Every non-scrapped terminal as columns, ids ascending; `base` is the map state with the lamp taken as off. */
export interface FleetSnapshot {
  ids: Int32Array;
  x: Int32Array;
  y: Int32Array;
  dept: Int32Array;
  base: Uint8Array;
  model: Uint8Array;
  family: Uint8Array;
  /** 1 where the terminal is offline, whatever its alarms (the counters count it offline). */
  offline: Uint8Array;
  deptNames: Map<number, string>;
}

/** Whole-fleet reads run once per this long at most, as a safety net: deltas keep the states current in between. */
export const FLEET_MAX_AGE_MS = 5 * 60_000;

/**
 * The fleet in memory, so the map's bulk call costs no query of 250,000 rows: loaded once, states kept by
 * the map deltas (of every instance, through the push bus), reloaded after a terminal write (the next read
 * waits for it) or when older than FLEET_MAX_AGE_MS (the old copy answers meanwhile).
 */
export class FleetCache {
  private snapshot?: FleetSnapshot;
  private index = new Map<number, number>();
  private loadedAt = 0;
  // A write bumps the generation; a copy read before it is not current (even if its read was under way).
  private generation = 0;
  private loadedGeneration = -1;
  private loading?: Promise<void>;

  constructor(
    private readonly load: () => Promise<FleetSnapshot>,
    private readonly maxAgeMs = FLEET_MAX_AGE_MS,
    private readonly now = () => Date.now(),
  ) {}

  /** The current copy: after a write it waits for the reload; an old copy answers while it reloads. */
  async current(): Promise<FleetSnapshot> {
    while (!this.snapshot || this.loadedGeneration < this.generation) await this.reload();
    if (this.now() - this.loadedAt > this.maxAgeMs) this.reload().catch(() => undefined);
    return this.snapshot!;
  }

  /** Terminals were added, moved, edited or removed: the next read reloads. */
  invalidate(): void {
    this.generation++;
  }

  /** Applies pushed states: alarm, offline and abnormal as they are; lit and off both mean online and normal. */
  heard(changes: MapChange[]): void {
    const s = this.snapshot;
    if (!s) return;
    for (const [id, state, flags] of changes) {
      const i = this.index.get(id);
      if (i === undefined) continue;
      s.base[i] = state === MapState.lit ? MapState.off : state;
      s.offline[i] = flags === undefined ? Number(state === MapState.offline) : Number((flags & MapFlag.offline) !== 0);
    }
  }

  /** The columns of the terminals whose department is allowed (`all`: every terminal, with or without a department). */
  select(s: FleetSnapshot, allowed: ReadonlySet<number> | 'all', lit: LitStates): MapFleetColumns {
    const total = s.ids.length;
    const keep = new Uint8Array(total);
    let n = 0;
    for (let i = 0; i < total; i++) if (allowed === 'all' || allowed.has(s.dept[i])) (keep[i] = 1), n++;
    const c: MapFleetColumns = {
      ids: new Int32Array(n), x: new Int32Array(n), y: new Int32Array(n), dept: new Int32Array(n),
      state: new Uint8Array(n), model: new Uint8Array(n), family: new Uint8Array(n), flags: new Uint8Array(n), depts: [],
    };
    const seen = new Set<number>();
    for (let i = 0, k = 0; i < total; i++) {
      if (!keep[i]) continue;
      const id = s.ids[i];
      c.ids[k] = id;
      c.x[k] = s.x[i];
      c.y[k] = s.y[i];
      c.dept[k] = s.dept[i];
      c.state[k] = s.base[i] === MapState.off && lit.has(id) ? MapState.lit : s.base[i];
      c.model[k] = s.model[i];
      c.family[k] = s.family[i];
      c.flags[k] = (lit.has(id) ? MapFlag.lit : 0) | (s.offline[i] ? MapFlag.offline : 0);
      seen.add(s.dept[i]);
      k++;
    }
    c.depts = [...seen].filter((d) => s.deptNames.has(d)).sort((a, b) => a - b).map((deptId) => ({ deptId, deptName: s.deptNames.get(deptId)! }));
    return c;
  }

  private reload(): Promise<void> {
    if (this.loading) return this.loading;
    const generation = this.generation;
    this.loading = this.load()
      .then((s) => {
        const index = new Map<number, number>();
        s.ids.forEach((id, i) => index.set(id, i));
        this.snapshot = s;
        this.index = index;
        this.loadedAt = this.now();
        this.loadedGeneration = generation;
      })
      .finally(() => (this.loading = undefined));
    return this.loading;
  }
}
