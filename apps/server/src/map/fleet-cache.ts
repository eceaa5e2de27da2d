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
 * the map deltas (of every instance, through the push bus), the rows of edited terminals read again before
 * the next answer (edited through this instance or, by the change notes, any other), reloaded whole after terminals
 * were added or removed (the next read waits for it) or when older than FLEET_MAX_AGE_MS (the old copy answers
 * meanwhile).
 */
export class FleetCache {
  /** How many whole-fleet reads this cache made (the map tests check that an unrelated change makes none). */
  builds = 0;
  private snapshot?: FleetSnapshot;
  // Terminals edited since their row was read: read again (one small query) before the next answer.
  private readonly edited = new Set<number>();
  private patching?: Promise<void>;
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
    /** The rows of some terminals, in the snapshot's shape; without it an edit reloads the whole fleet. */
    private readonly loadSome?: (ids: number[]) => Promise<FleetSnapshot>,
    /**
     * Resolves once the terminals changed since the last call, by any instance or connection, were dropped (or the
     * fleet invalidated): the terminal change notes (devices/terminal/terminal-change-follower.ts).
     */
    private readonly caughtUp?: () => Promise<void>,
  ) {}

  /** The current copy: after a write it waits for the reload (or the edited rows); an old copy answers while it reloads. */
  async current(): Promise<FleetSnapshot> {
    await this.caughtUp?.();
    for (;;) {
      while (!this.snapshot || this.loadedGeneration < this.generation) await this.reload();
      if (this.edited.size) await this.patch();
      // Another answer's patch has taken the edited ids but not written them yet: this one waits for it too.
      else if (this.patching) await this.patching;
      else break;
    }
    if (this.now() - this.loadedAt > this.maxAgeMs) this.reload().catch(() => undefined);
    return this.snapshot!;
  }

  /** Terminals were added or removed (or, without ids, anything changed): the next read reloads the fleet. */
  invalidate(): void {
    this.generation++;
  }

  /** These terminals were edited (moved, renamed, re-assigned, status): the next read reads their rows again. */
  drop(ids: readonly number[]): void {
    if (!this.loadSome) return this.invalidate();
    for (const id of ids) this.edited.add(id);
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

  /** Reads the edited rows and writes them in place; a row that appeared or left (scrapped, deleted) reloads the fleet. */
  private patch(): Promise<void> {
    if (this.patching) return this.patching;
    const ids = [...this.edited];
    this.edited.clear();
    this.patching = this.loadSome!(ids)
      .then((rows) => {
        const s = this.snapshot!;
        const known = ids.filter((id) => this.index.has(id));
        if (known.length !== ids.length || rows.ids.length !== ids.length) return void this.generation++;
        rows.ids.forEach((id, r) => {
          const i = this.index.get(id)!;
          s.x[i] = rows.x[r];
          s.y[i] = rows.y[r];
          s.dept[i] = rows.dept[r];
          s.base[i] = rows.base[r];
          s.model[i] = rows.model[r];
          s.family[i] = rows.family[r];
          s.offline[i] = rows.offline[r];
        });
        for (const [id, name] of rows.deptNames) s.deptNames.set(id, name);
      })
      .catch((err: unknown) => {
        for (const id of ids) this.edited.add(id);
        throw err;
      })
      .finally(() => (this.patching = undefined));
    return this.patching;
  }

  private reload(): Promise<void> {
    if (this.loading) return this.loading;
    const generation = this.generation;
    this.builds++;
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
