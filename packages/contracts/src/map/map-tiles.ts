import { z } from 'zod';

/**
 * Where the map's background comes from. `offline` draws a built-in background with no network at all
 * (the default); `amap` tiles are in GCJ-02, so positions (stored in WGS-84) are converted for display.
 */
export const MAP_TILE_PROVIDERS = ['offline', 'osm', 'tianditu', 'amap'] as const;
export type MapTileProvider = (typeof MAP_TILE_PROVIDERS)[number];
export const mapTileProviderField = z.enum(MAP_TILE_PROVIDERS, { error: `must be one of ${MAP_TILE_PROVIDERS.join(', ')}` });

/** System configuration keys that override the MAP_TILES / MAP_TILE_KEY environment variables. */
export const MAP_CONFIG_KEYS = { provider: 'map.tiles.provider', key: 'map.tiles.key' } as const;

/** `GET /api/v1/map/config`: the tile provider in force (a provider that needs a key and has none falls back to offline). */
export interface MapTileConfig {
  provider: MapTileProvider;
  /** Tianditu's browser key (it travels in every tile URL anyway). */
  key: string;
}
