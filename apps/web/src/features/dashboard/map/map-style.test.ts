import { describe, expect, it } from 'vitest';
import type { RasterSourceSpecification } from 'maplibre-gl';
import { baseStyle, graticule, MAP_GROUND } from './map-style';

const specOf = (style: ReturnType<typeof baseStyle>) => {
  if (typeof style === 'string') throw new Error(`a style address: ${style}`);
  return style;
};
const tiles = (style: ReturnType<typeof baseStyle>, source = 'base') => (specOf(style).sources[source] as RasterSourceSpecification | undefined)?.tiles ?? [];

describe('baseStyle', () => {
  it('offline has no source at all, so it draws with no network, and no layer: the ground is the container', () => {
    const style = specOf(baseStyle({ provider: 'offline', key: '' }));
    expect(style.sources).toEqual({});
    expect(style.layers).toEqual([]);
    expect(style.glyphs).toBeUndefined();
  });
  it('OpenStreetMap, Tianditu (with its key, map and labels) and AMap are raster tiles', () => {
    expect(tiles(baseStyle({ provider: 'osm', key: '' }))).toEqual(['https://tile.openstreetmap.org/{z}/{x}/{y}.png']);
    const tdt = baseStyle({ provider: 'tianditu', key: 'k 1' });
    expect(tiles(tdt)).toHaveLength(8);
    expect(tiles(tdt)[0]).toContain('LAYER=vec');
    expect(tiles(tdt)[0]).toContain('tk=k%201');
    expect(tiles(tdt, 'labels')[0]).toContain('LAYER=cva');
    expect(tiles(baseStyle({ provider: 'amap', key: '' }))[0]).toMatch(/^https:\/\/webrd01\.is\.autonavi\.com\/appmaptile\?.*x=\{x\}&y=\{y\}&z=\{z\}$/);
  });
  it("custom: the installation's tile server as raster tiles, or its style document's address", () => {
    expect(tiles(baseStyle({ provider: 'custom', key: '', tileUrl: 'http://tiles.intranet/{z}/{x}/{y}.png' }))).toEqual(['http://tiles.intranet/{z}/{x}/{y}.png']);
    expect(baseStyle({ provider: 'custom', key: '', styleUrl: 'https://gis.intranet/style.json' })).toBe('https://gis.intranet/style.json');
    expect(specOf(baseStyle({ provider: 'custom', key: '' })).sources).toEqual({});
  });
  it('the offline graticule covers the fleet with a margin, every tenth line major', () => {
    const grid = graticule([121.4, 31.2, 121.5, 31.3]);
    const xs = grid.features.filter((f) => f.geometry.coordinates[0][0] === f.geometry.coordinates[1][0]).map((f) => f.geometry.coordinates[0][0]);
    expect(Math.min(...xs)).toBeLessThan(121.4);
    expect(Math.max(...xs)).toBeGreaterThan(121.5);
    expect(grid.features.some((f) => f.properties?.major)).toBe(true);
  });
});

describe('baseStyle in the dark theme', () => {
  it('draws raster tiles inverted, and leaves a self-hosted style document as it is', () => {
    expect(MAP_GROUND.dark.background).not.toBe(MAP_GROUND.light.background);
    const osm = specOf(baseStyle({ provider: 'osm', key: '' }, 'dark'));
    expect(osm.layers[0]).toMatchObject({ type: 'raster', paint: { 'raster-brightness-min': expect.any(Number), 'raster-brightness-max': expect.any(Number) } });
    const [lightRaster] = specOf(baseStyle({ provider: 'custom', key: '', tileUrl: 'http://tiles.intranet/{z}/{x}/{y}.png' })).layers;
    expect(lightRaster).not.toHaveProperty('paint');
    expect(tiles(baseStyle({ provider: 'custom', key: '', tileUrl: 'http://tiles.intranet/{z}/{x}/{y}.png' }, 'dark'))).toEqual(['http://tiles.intranet/{z}/{x}/{y}.png']);
    expect(baseStyle({ provider: 'custom', key: '', styleUrl: 'https://gis.intranet/style.json' }, 'dark')).toBe('https://gis.intranet/style.json');
  });
});
