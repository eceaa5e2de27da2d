import { MapFlag, mapFlagsOf, MapState, mapStateOf, type MapChange, type MapDeltaPush } from '@sl/contracts';
import type { LitStates } from './lit-states.js';
import type { MapRepository } from './map-repository.js';

export interface MapDeltaDeps {
  repo: Pick<MapRepository, 'states'>;
  lit: LitStates;
  /** Sends one batch of changes to the users whose scope covers the department. */
  publish: (deptId: number | null, message: MapDeltaPush) => Promise<void>;
  onError: (err: unknown) => void;
  /** Changes are gathered this long, so a burst (dusk, a feeder failure) travels as a few messages. */
  flushMs?: number;
}

export const mapDelta = (changes: MapChange[]): MapDeltaPush => ({ code: 200, event: 'mapDelta', changes });

/**
 * Turns device events into map deltas: the touched terminals' states are read again in one query per
 * batch and sent grouped by department, so the console redraws single lamps and never refetches the fleet.
 */
export class MapDeltas {
  private readonly pending = new Set<number>();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly d: MapDeltaDeps) {}

  /** A terminal whose alarms or online state changed. */
  touch(terminalId: number): void {
    this.pending.add(terminalId);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.flushing = this.flushing.then(() => this.flush()).catch(this.d.onError);
    }, this.d.flushMs ?? 200);
  }

  /** A new heartbeat: only a change of lit state is a delta. */
  reading(terminalId: number, lit: boolean): void {
    if (this.d.lit.set(terminalId, lit)) this.touch(terminalId);
  }

  /** What another instance sent: keeps this instance's lit set current (its gateway may not hear that terminal). */
  heard(changes: MapChange[]): void {
    for (const [id, state, flags] of changes) {
      if (flags !== undefined) this.d.lit.set(id, (flags & MapFlag.lit) !== 0);
      else if (state === MapState.lit) this.d.lit.set(id, true);
      else if (state === MapState.off) this.d.lit.set(id, false);
    }
  }

  async flush(): Promise<void> {
    const ids = [...this.pending];
    this.pending.clear();
    if (ids.length === 0) return;
    const byDept = new Map<number | null, MapChange[]>();
    for (const row of await this.d.repo.states(ids)) {
      const list = byDept.get(row.deptId) ?? [];
      const lit = this.d.lit.has(row.terminalId);
      list.push([row.terminalId, mapStateOf({ ...row, lit }), mapFlagsOf({ onlineState: row.onlineState, lit })]);
      byDept.set(row.deptId, list);
    }
    await Promise.all([...byDept].map(([deptId, changes]) => this.d.publish(deptId, mapDelta(changes))));
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
