import { encodeMapFleet, lightStatesOf, MAP_CONFIG_KEYS, mapStateOf, type MapSummary, type MapTerminalDetail, type MapTileConfig } from '@sl/contracts';
import type { Config } from '../config.js';
import { notFound, text } from '../http/errors.js';
import type { ConfigRepository } from '../system/config/config-repository.js';
import type { Principal } from '../system/access/principal.js';
import type { FleetCache } from './fleet-cache.js';
import type { LitStates } from './lit-states.js';
import type { MapRepository } from './map-repository.js';
import { tileConfig } from './tile-config.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the digital map reads: the compact fleet, a lamp's popup, search, today's figures and the tiles. */
export class MapService {
  constructor(
    private readonly repo: MapRepository,
    private readonly lit: LitStates,
    private readonly cache: FleetCache,
    private readonly configs: ConfigRepository,
    private readonly env: Pick<Config, 'MAP_TILES' | 'MAP_TILE_KEY' | 'MAP_TILE_URL' | 'MAP_STYLE_URL'>,
  ) {}

  /** The fleet in the caller's scope, encoded as the map-fleet binary (contracts: encodeMapFleet). */
  async fleet(p: Principal): Promise<Uint8Array> {
    const [snapshot, allowed] = await Promise.all([this.cache.current(), this.repo.scopeDepts(p), this.lit.ready()]);
    return encodeMapFleet(this.cache.select(snapshot, allowed, this.lit));
  }

  async terminal(p: Principal, terminalId: number): Promise<MapTerminalDetail> {
    const row = await this.repo.terminal(p, terminalId);
    if (!row) throw notFound(text('map.terminalNotFound', { terminalId }));
    await this.lit.ready();
    const [latest, open, alarmed] = await Promise.all([this.repo.latestHeartbeat(terminalId), this.repo.openAlarms(terminalId), this.repo.alarmedExceptOffline(terminalId)]);
    const t = row.t;
    return {
      terminalId, sn: t.sn, name: t.name, family: t.family, model: t.model, deptName: row.deptName, address: t.address,
      onlineState: t.onlineState, controlMode: t.controlMode, lastSeenAt: iso(t.lastSeenAt),
      state: mapStateOf({ onlineState: t.onlineState, alarmed, lit: this.lit.has(terminalId) }),
      latest: latest ? { ...latest, ts: latest.ts.toISOString(), receivedAt: latest.receivedAt.toISOString() } : null,
      light: latest ? lightStatesOf(latest, t) : null,
      alarms: open.map((a) => ({ ...a, raisedAt: a.raisedAt.toISOString() })),
    };
  }

  async search(p: Principal, keyword: string) {
    return keyword ? this.repo.search(p, keyword) : [];
  }

  async summary(p: Principal, tz: string): Promise<MapSummary> {
    const [alarmsByKind, energyByDept] = await Promise.all([this.repo.alarmsToday(p, tz), this.repo.energyToday(p, tz)]);
    return { alarmsByKind, energyByDept };
  }

  async tiles(): Promise<MapTileConfig> {
    return tileConfig(this.env, await this.configs.values([MAP_CONFIG_KEYS.provider, MAP_CONFIG_KEYS.key]));
  }
}
