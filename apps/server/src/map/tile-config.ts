import { MAP_CONFIG_KEYS, mapTileProviderField, type MapTileConfig } from '@sl/contracts';

/**
 * The tile provider in force: the system configuration (`map.tiles.provider`, `map.tiles.key`) wins over the
 * environment (MAP_TILES, MAP_TILE_KEY); nothing configured, an unknown name, or Tianditu without a key is offline.
 */
export function tileConfig(env: { MAP_TILES: string; MAP_TILE_KEY?: string }, stored: Record<string, string>): MapTileConfig {
  const name = stored[MAP_CONFIG_KEYS.provider]?.trim() || env.MAP_TILES;
  const key = stored[MAP_CONFIG_KEYS.key]?.trim() || env.MAP_TILE_KEY || '';
  const parsed = mapTileProviderField.safeParse(name);
  const provider = parsed.success ? parsed.data : 'offline';
  if (provider === 'tianditu' && !key) return { provider: 'offline', key: '' };
  return { provider, key: provider === 'tianditu' ? key : '' };
}
