import { defaultAlarmSet, type AlarmSetInput, type DeviceFamily } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { AlarmSetRepository } from './alarm-set-repository.js';

/** How long another instance may go on with old settings; this instance drops its copy on every write. */
const TTL_MS = 5000;

/**
 * The alarm settings the gateway applies, per family, cached briefly. Writes through the settings
 * routes call `invalidate`, so a change applies to the next device event without a restart.
 */
export class AlarmSettings {
  private cache: { at: number; sets: Map<string, AlarmSetInput> } | null = null;
  private loading: Promise<Map<string, AlarmSetInput>> | null = null;

  constructor(private readonly repo: AlarmSetRepository) {}

  invalidate() {
    this.cache = null;
  }

  async of(family: string): Promise<AlarmSetInput> {
    const now = Date.now();
    if (!this.cache || now - this.cache.at > TTL_MS) {
      this.loading ??= this.repo.all().then((rows) => new Map(rows.map((r) => [r.family, r as unknown as AlarmSetInput]))).finally(() => (this.loading = null));
      this.cache = { at: now, sets: await this.loading };
    }
    return this.cache.sets.get(family) ?? defaultAlarmSet(family as DeviceFamily);
  }

  /** Whether a device event of this kind raises an alarm for the family (communication loss always does). */
  async raises(family: string | undefined, kind: string): Promise<boolean> {
    if (!family || kind === 'communicationLost') return true;
    return (await this.of(family)).enabledKinds.includes(kind);
  }
}

const byDb = new WeakMap<Db, AlarmSettings>();
/** One settings cache per database handle, shared by the gateway and the routes of the same process. */
export function alarmSettingsFor(db: Db): AlarmSettings {
  let s = byDb.get(db);
  if (!s) byDb.set(db, (s = new AlarmSettings(new AlarmSetRepository(db))));
  return s;
}
