import type { MapChange } from '@sl/contracts';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { TerminalsChanged } from '../events/domain-events.js';
import type { PushHub, PushLog } from '../push/push-hub.js';
import { FLEET_MAX_AGE_MS, FleetCache } from './fleet-cache.js';
import { LitStates } from './lit-states.js';
import { MapDeltas } from './map-deltas.js';
import { MapRepository } from './map-repository.js';
import { MapService } from './map-service.js';

export interface MapDomainDeps {
  db: Db;
  config: Config;
  /** The system configuration (the map's tile keys). */
  configs: ConstructorParameters<typeof MapService>[3];
  push: PushHub;
  log: PushLog;
  /** Follows the terminals changed by any instance: `apply` hears them; the returned call resolves once it has. */
  followTerminals?: (apply: (changed: TerminalsChanged) => void) => () => Promise<void>;
}

/** The digital map of one app, built once by the root; reactions.ts feeds its deltas and cache from domain events. */
export function createMapDomain({ db, config, configs, push, log, followTerminals }: MapDomainDeps) {
  const repo = new MapRepository(db, config.ROLLUP_TIME_ZONE);
  const lit = new LitStates(() => repo.litTerminals());
  const caughtUp = followTerminals?.((changed) => (changed === 'all' ? cache.invalidate() : cache.drop(changed)));
  const cache: FleetCache = new FleetCache(() => repo.fleetSnapshot(), FLEET_MAX_AGE_MS, () => Date.now(), (ids) => repo.fleetSnapshot(ids), caughtUp);
  const deltas = new MapDeltas({
    repo, lit,
    publish: (deptId, message) => push.publish('map', message, { deptId }),
    onError: (err) => log.error({ err }, 'map delta failed'),
  });
  return {
    service: new MapService(repo, lit, cache, configs, config),
    cache,
    deltas,
    /** Hears the deltas of every instance (they keep this one's lit set and states current) and loads the lit set; returns the stop. */
    start(): () => void {
      const untap = push.tap('map', (message) => {
        const changes = (message.changes as MapChange[] | undefined) ?? [];
        deltas.heard(changes);
        cache.heard(changes);
      });
      // Loads the lit set in the background, so the first map does not wait for it.
      lit.ready().catch((err: unknown) => log.warn({ err }, 'lit states not loaded; retried on the next map request'));
      return () => {
        untap();
        deltas.stop();
      };
    },
  };
}

export type MapDomain = ReturnType<typeof createMapDomain>;
