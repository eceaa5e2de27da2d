import { CITIZEN_REPORT_KIND, COMMUNICATION_LOST, defaultAlarmSet, severityOf, type AlarmSetInput, type DeviceFamily } from '@sl/contracts';
import type { AlarmSetRepository } from './alarm-set-repository.js';

/** How long another instance may go on with old settings; this instance drops its copy on every write. */
const TTL_MS = 5000;

/** The settings of one department and family in the form the hot path reads: set lookups, and whether any threshold is set at all. */
export interface FamilyRules {
  set: AlarmSetInput;
  enabled: ReadonlySet<string>;
  hasThresholds: boolean;
  /** The department whose settings these are (null for the defaults). */
  deptId: number | null;
  setId: number;
}

/** What decides a terminal's settings: its family and its department. */
type Target = { family?: string; deptId: number | null };

interface Snapshot {
  at: number;
  /** Each department's own rules, by `deptId:family`. */
  own: Map<string, FamilyRules>;
  /** Each department and those above it, nearest first. */
  chains: Map<number, number[]>;
  /** The first top-level department: it governs terminals without a department. */
  root: number | null;
  /** The rules in force, by `deptId:family`, filled as terminals ask. */
  resolved: Map<string, FamilyRules>;
}

const compile = (set: AlarmSetInput, deptId: number | null, setId: number): FamilyRules => ({
  set,
  enabled: new Set(set.enabledKinds),
  hasThresholds: Object.values(set.thresholds).some((v) => v !== null),
  deptId,
  setId,
});

/** The department ids of a path such as `/0/1/2/5`, nearest first: [5, 2, 1]. */
const chainOf = (deptId: number, deptPath: string): number[] => [
  deptId,
  ...deptPath.split('/').map(Number).filter((id) => id > 0 && id !== deptId).reverse(),
];

/**
 * The alarm settings the gateway applies, cached. A terminal follows the settings of its department, else of the
 * nearest department above it that has its own, else the defaults; a terminal without a department follows the
 * root department's. Writes through the settings routes call `invalidate`, so a change applies to the next device
 * event or heartbeat without a restart.
 */
export class AlarmSettings {
  private cache: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;
  private readonly defaults = new Map<string, FamilyRules>();

  constructor(private readonly repo: AlarmSetRepository) {}

  invalidate() {
    this.cache = null;
  }

  /** The rules in force for a terminal of `family` in `deptId`; a cache hit costs no I/O (the heartbeat path calls this for every reading). */
  async rules(family: string, deptId: number | null, opts: { fresh?: boolean } = {}): Promise<FamilyRules> {
    const s = await this.snapshot(opts.fresh);
    const key = `${deptId}:${family}`;
    let r = s.resolved.get(key);
    if (!r) s.resolved.set(key, (r = this.resolve(s, family, deptId)));
    return r;
  }

  /** Whether a device event of this kind raises an alarm for the terminal (communication loss and citizen reports always do). */
  async raises(t: Target, kind: string): Promise<boolean> {
    if (!t.family || kind === COMMUNICATION_LOST || kind === CITIZEN_REPORT_KIND) return true;
    return (await this.rules(t.family, t.deptId)).enabled.has(kind);
  }

  /** The severity an alarm of this kind is raised with: the settings' override, else the catalogue's. */
  async severity(t: Target, kind: string): Promise<number> {
    return (t.family && (await this.rules(t.family, t.deptId)).set.severities[kind]) || severityOf(kind);
  }

  /** `fresh` reads the database now (a console reading what it just wrote, maybe through another instance). */
  private async snapshot(fresh = false): Promise<Snapshot> {
    const now = Date.now();
    if (fresh) return (this.cache = await this.load(now));
    if (!this.cache || now - this.cache.at > TTL_MS) {
      this.loading ??= this.load(now).finally(() => (this.loading = null));
      this.cache = await this.loading;
    }
    return this.cache;
  }

  private async load(at: number): Promise<Snapshot> {
    const [rows, depts] = await Promise.all([this.repo.all(), this.repo.depts()]);
    return {
      at,
      own: new Map(rows.map((r) => [`${r.deptId}:${r.family}`, compile(r as unknown as AlarmSetInput, r.deptId, r.setId)])),
      chains: new Map(depts.map((d) => [d.deptId, chainOf(d.deptId, d.deptPath)])),
      root: depts.find((d) => d.parentId === 0)?.deptId ?? null,
      resolved: new Map(),
    };
  }

  private resolve(s: Snapshot, family: string, deptId: number | null): FamilyRules {
    // A department newer than the snapshot: its own settings, else the root's, until the next load.
    const chain = deptId === null ? [s.root] : (s.chains.get(deptId) ?? [deptId, s.root]);
    for (const d of chain) {
      const own = d === null ? undefined : s.own.get(`${d}:${family}`);
      if (own) return own;
    }
    return this.defaultRules(family);
  }

  private defaultRules(family: string): FamilyRules {
    let r = this.defaults.get(family);
    if (!r) this.defaults.set(family, (r = compile(defaultAlarmSet(family as DeviceFamily), null, 0)));
    return r;
  }
}

