import { MAP_CONFIG_KEYS, mapTileProviderField, type MapTileConfig } from '@sl/contracts';

type TileEnv = { MAP_TILES: string; MAP_TILE_KEY?: string; MAP_TILE_URL?: string; MAP_STYLE_URL?: string };

/**
 * The tile provider in force: the system configuration (`map.tiles.provider`, `map.tiles.key`) wins over the
 * environment (MAP_TILES, MAP_TILE_KEY; MAP_TILE_URL or MAP_STYLE_URL make it `custom`); nothing configured, an
 * unknown name, Tianditu without a key or `custom` without an address is offline. The self-hosted addresses come
 * from the environment only: the administrator of the server, not of the console, decides where browsers fetch from.
 */
export function tileConfig(env: TileEnv, stored: Record<string, string>): MapTileConfig {
  const custom = env.MAP_TILE_URL || env.MAP_STYLE_URL;
  const name = stored[MAP_CONFIG_KEYS.provider]?.trim() || (custom ? 'custom' : env.MAP_TILES);
  const key = stored[MAP_CONFIG_KEYS.key]?.trim() || env.MAP_TILE_KEY || '';
  const parsed = mapTileProviderField.safeParse(name);
  const provider = parsed.success ? parsed.data : 'offline';
  if ((provider === 'tianditu' && !key) || (provider === 'custom' && !custom)) return { provider: 'offline', key: '' };
  if (provider === 'custom') return { provider, key: '', ...(env.MAP_TILE_URL ? { tileUrl: env.MAP_TILE_URL } : { styleUrl: env.MAP_STYLE_URL }) };
  return { provider, key: provider === 'tianditu' ? key : '' };
}
