import { z } from 'zod';

/**
 * Where the map's background comes from. `offline` draws a built-in background with no network at all
 * (the default); `amap` tiles are in GCJ-02, so positions (stored in WGS-84) are converted for display;
 * `custom` is the installation's own tile server or style (MAP_TILE_URL / MAP_STYLE_URL, intranets).
 */
export const MAP_TILE_PROVIDERS = ['offline', 'osm', 'tianditu', 'amap', 'custom'] as const;
export type MapTileProvider = (typeof MAP_TILE_PROVIDERS)[number];
export const mapTileProviderField = z.enum(MAP_TILE_PROVIDERS, { error: `must be one of ${MAP_TILE_PROVIDERS.join(', ')}` });

/** System configuration keys that override the MAP_TILES / MAP_TILE_KEY environment variables. */
export const MAP_CONFIG_KEYS = { provider: 'map.tiles.provider', key: 'map.tiles.key' } as const;

/** `GET /api/v1/map/config`: the tile provider in force (a provider that needs a key and has none falls back to offline). */
export interface MapTileConfig {
  provider: MapTileProvider;
  /** Tianditu's browser key (it travels in every tile URL anyway). */
  key: string;
  /** `custom` only: a raster tile template with {z}, {x} and {y} (absolute, or a path on the console's own host). */
  tileUrl?: string;
  /** `custom` only: a MapLibre style document (absolute, or a path on the console's own host). */
  styleUrl?: string;
}

/** Where a self-hosted background may live: an http(s) address or a path on the console's own host. */
export const isMapBackgroundUrl = (url: string) => /^https?:\/\/[^\s/]+\S*$/i.test(url) || /^\/(?!\/)\S*$/.test(url);

/** A raster tile template names the tile: {z}, {x} and {y}. */
export const isTileTemplate = (url: string) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part));
