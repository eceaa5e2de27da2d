import type { RasterLayerSpecification, StyleSpecification } from 'maplibre-gl';
import type { MapTileConfig } from '@sl/contracts';

export type MapScheme = 'light' | 'dark';

/** The offline ground and its graticule per colour scheme (the dark one for control rooms, issue 28 item 20). */
export const MAP_GROUND: Record<MapScheme, { background: string; major: string; minor: string }> = {
  light: { background: '#eef2f6', major: '#c9d3df', minor: '#dde4ec' },
  dark: { background: '#101720', major: '#2c3a4b', minor: '#1c2633' },
};
/** Raster tiles in the dark theme: lightness inverted, hues turned back, colours softened (streets light on dark). */
const DARK_RASTER: RasterLayerSpecification['paint'] = { 'raster-brightness-min': 0.95, 'raster-brightness-max': 0.08, 'raster-hue-rotate': 180, 'raster-saturation': -0.4, 'raster-contrast': 0.1 };
const raster = (tiles: string[], attribution: string, maxzoom = 18) => ({ type: 'raster' as const, tiles, tileSize: 256, attribution, maxzoom });
const sub = (template: string, subs: string[]) => subs.map((s) => template.replace('{s}', s));

/** A path on the console's own host made absolute (tile requests need it); `{z}`-style tokens stay as they are. */
const onThisHost = (url: string, origin = globalThis.location?.origin ?? '') => (url.startsWith('/') ? origin + url : url);

/**
 * The background style per provider. `offline` has no source at all (a plain ground with a graticule added
 * once the fleet's bounds are known), so the map draws with no network; `custom` is the installation's own
 * style document (given to MapLibre as its address, drawn as it is in both schemes) or raster tile server; the
 * others are raster tiles. In the `dark` scheme raster tiles are drawn inverted.
 *
 * The ground itself is not a layer: the map's container is painted `MAP_GROUND[scheme].background` under the
 * transparent canvas (MapController). A background layer is one more fill of the whole canvas in every frame, a
 * tenth of a frame's time and a fifth of a zoom's for a software renderer (no GPU).
 */
export function baseStyle(tiles: MapTileConfig, scheme: MapScheme = 'light'): StyleSpecification | string {
  const paint = scheme === 'dark' ? { paint: DARK_RASTER } : {};
  switch (tiles.provider) {
    case 'osm':
      return { version: 8, sources: { base: raster(['https://tile.openstreetmap.org/{z}/{x}/{y}.png'], '© OpenStreetMap contributors', 19) }, layers: [{ id: 'base', type: 'raster', source: 'base', ...paint }] };
    case 'tianditu': {
      const wmts = (layer: string) =>
        sub(`https://t{s}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${layer}&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=${encodeURIComponent(tiles.key)}`, ['0', '1', '2', '3', '4', '5', '6', '7']);
      return {
        version: 8,
        sources: { base: raster(wmts('vec'), '© 天地图 Tianditu'), labels: raster(wmts('cva'), '') },
        layers: [{ id: 'base', type: 'raster', source: 'base', ...paint }, { id: 'labels', type: 'raster', source: 'labels', ...paint }],
      };
    }
    case 'amap':
      return {
        version: 8,
        sources: { base: raster(sub('https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}', ['1', '2', '3', '4']), '© 高德地图 AMap') },
        layers: [{ id: 'base', type: 'raster', source: 'base', ...paint }],
      };
    case 'custom':
      if (tiles.styleUrl) return onThisHost(tiles.styleUrl);
      if (tiles.tileUrl) return { version: 8, sources: { base: raster([onThisHost(tiles.tileUrl)], '') }, layers: [{ id: 'base', type: 'raster', source: 'base', ...paint }] };
      return { version: 8, sources: {}, layers: [] };
    default:
      return { version: 8, sources: {}, layers: [] };
  }
}

/** Lines every `step` degrees over the bounds (with a margin), so the offline ground shows movement and scale. */
export function graticule([w, s, e, n]: [number, number, number, number], step = 0.01): GeoJSON.FeatureCollection<GeoJSON.LineString> {
  const margin = Math.max(e - w, n - s, 0.05);
  const x0 = Math.floor((w - margin) / step) * step, x1 = e + margin;
  const y0 = Math.floor((s - margin) / step) * step, y1 = n + margin;
  const features: Array<GeoJSON.Feature<GeoJSON.LineString>> = [];
  const line = (coordinates: [number, number][], major: boolean) => features.push({ type: 'Feature', properties: { major }, geometry: { type: 'LineString', coordinates } });
  for (let k = 0, x = x0; x <= x1 && k < 400; x = x0 + ++k * step) line([[x, y0], [x, y1]], k % 10 === 0);
  for (let k = 0, y = y0; y <= y1 && k < 400; y = y0 + ++k * step) line([[x0, y], [x1, y]], k % 10 === 0);
  return { type: 'FeatureCollection', features };
}
