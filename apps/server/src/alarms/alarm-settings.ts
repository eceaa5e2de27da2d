import { COMMUNICATION_LOST, defaultAlarmSet, severityOf, type AlarmSetInput, type DeviceFamily } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { AlarmSetRepository } from './alarm-set-repository.js';

/** How long another instance may go on with old settings; this instance drops its copy on every write. */
const TTL_MS = 5000;

/** A family's settings in the form the hot path reads: set lookups, and whether any threshold is set at all. */
export interface FamilyRules {
  set: AlarmSetInput;
  enabled: ReadonlySet<string>;
  hasThresholds: boolean;
}

const compile = (set: AlarmSetInput): FamilyRules => ({
  set,
  enabled: new Set(set.enabledKinds),
  hasThresholds: Object.values(set.thresholds).some((v) => v !== null),
});

/**
 * The alarm settings the gateway applies, per family, cached. Writes through the settings routes
 * call `invalidate`, so a change applies to the next device event or heartbeat without a restart.
 */
export class AlarmSettings {
  private cache: { at: number; families: Map<string, FamilyRules> } | null = null;
  private loading: Promise<Map<string, FamilyRules>> | null = null;
  private readonly defaults = new Map<string, FamilyRules>();

  constructor(private readonly repo: AlarmSetRepository) {}

  invalidate() {
    this.cache = null;
  }

  /** The family's rules; a cache hit costs no I/O (the heartbeat path calls this for every reading). */
  async rules(family: string): Promise<FamilyRules> {
    const now = Date.now();
    if (!this.cache || now - this.cache.at > TTL_MS) {
      this.loading ??= this.repo
        .all()
        .then((rows) => new Map(rows.map((r) => [r.family, compile(r as unknown as AlarmSetInput)])))
        .finally(() => (this.loading = null));
      this.cache = { at: now, families: await this.loading };
    }
    return this.cache.families.get(family) ?? this.defaultRules(family);
  }

  async of(family: string): Promise<AlarmSetInput> {
    return (await this.rules(family)).set;
  }

  /** Whether a device event of this kind raises an alarm for the family (communication loss always does). */
  async raises(family: string | undefined, kind: string): Promise<boolean> {
    if (!family || kind === COMMUNICATION_LOST) return true;
    return (await this.rules(family)).enabled.has(kind);
  }

  /** The severity an alarm of this kind is raised with: the family's override, else the catalogue's. */
  async severity(family: string | undefined, kind: string): Promise<number> {
    return (family && (await this.rules(family)).set.severities[kind]) || severityOf(kind);
  }

  private defaultRules(family: string): FamilyRules {
    let r = this.defaults.get(family);
    if (!r) this.defaults.set(family, (r = compile(defaultAlarmSet(family as DeviceFamily))));
    return r;
  }
}

const byDb = new WeakMap<Db, AlarmSettings>();
/** One settings cache per database handle, shared by the gateway and the routes of the same process. */
export function alarmSettingsFor(db: Db): AlarmSettings {
  let s = byDb.get(db);
  if (!s) byDb.set(db, (s = new AlarmSettings(new AlarmSetRepository(db))));
  return s;
}
