import { describe, expect, it } from 'vitest';
import { tileConfig } from './tile-config.js';

const env = { MAP_TILES: 'offline' };

describe('tileConfig', () => {
  it('a self-hosted tile template or style makes the background custom', () => {
    expect(tileConfig({ ...env, MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' }, {})).toEqual({ provider: 'custom', key: '', tileUrl: '/tiles/{z}/{x}/{y}.png' });
    expect(tileConfig({ ...env, MAP_STYLE_URL: 'https://gis.intranet/style.json' }, {})).toEqual({ provider: 'custom', key: '', styleUrl: 'https://gis.intranet/style.json' });
  });
  it('the system configuration wins; custom without an address is offline', () => {
    expect(tileConfig({ ...env, MAP_STYLE_URL: '/style.json' }, { 'map.tiles.provider': 'osm' })).toEqual({ provider: 'osm', key: '' });
    expect(tileConfig(env, { 'map.tiles.provider': 'custom' })).toEqual({ provider: 'offline', key: '' });
    expect(tileConfig({ MAP_TILES: 'custom' }, {})).toEqual({ provider: 'offline', key: '' });
  });
});
