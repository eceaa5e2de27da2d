import { Map as MapLibreMap, NavigationControl, Popup, prewarm, ScaleControl, setWorkerUrl, type GeoJSONSource, type MapGeoJSONFeature } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { MapTileConfig } from '@sl/contracts';
import { ClusterIndex, POINT_LEVEL } from './cluster-index';
import type { ClusterSource } from './fleet-worker-client';
import { CABINET_LAYER, CLICKABLE_LAYERS, CLUSTER_LAYER, FLEET_SOURCE, FOCUS_SOURCE, fleetLayers, GRID_SOURCE, gridLayers, LAMP_LAYER } from './map-layers';
import { baseStyle, graticule, MAP_GROUND, type MapScheme } from './map-style';
import { installMarkerImages } from './marker-images';

// The bundler copies the worker beside the console's assets; MapLibre would look for it next to its own module.
setWorkerUrl(workerUrl);
// This module loads with the dashboard, before the fleet is fetched: MapLibre's worker loads and compiles its script
// meanwhile instead of after, when the map is created (and it is kept for the next visit).
prewarm();

/** Before the fleet arrives: People's Square, Shanghai, where the demo fleet stands. */
const START = { center: [121.4737, 31.2304] as [number, number], zoom: 11 };
/** Street level, where every lamp stands alone (clusters end at CLUSTER_MAX_ZOOM). */
export const STREET_ZOOM = 17.5;
/** Above this the map overzooms the source's tiles instead of asking MapLibre's worker for new ones: lamps stay exact to a metre. */
const SOURCE_MAX_ZOOM = POINT_LEVEL;
/** The items handed to MapLibre cover the view and this share of its size on each side, so pans within it need nothing new. */
const VIEW_MARGIN = 0.5;
/**
 * A delta redraws its lamp at once through feature state; the clusters' worst state follows in the next view, this
 * much later (new data makes MapLibre reload the source's tiles: the lamp's own repaint comes first).
 */
const DELTA_VIEW_MS = 1000;
/**
 * How long the view must rest after a move before its items are asked for. Each notch of a turning wheel ends a
 * move: asking at every end made MapLibre re-tile the source between notches, and at 250,000 lamps a fifth of a
 * zoom's frames took two intervals instead of one (bench/map, docs/performance.md).
 */
const SETTLE_MS = 250;

export interface MapControllerEvents {
  onLamp(terminalId: number, at: [number, number]): void;
}

const emptyCollection = (): GeoJSON.FeatureCollection => ({ type: 'FeatureCollection', features: [] });

type Bounds = [number, number, number, number];

/**
 * Owns the MapLibre map: one plain GeoJSON source holding only the clusters and lamps around the view, at the view's
 * zoom level, asked from the map's worker (which holds the fleet's cluster index) when the view leaves what was
 * handed or changes level, and after deltas. The container's data attributes describe what is drawn, for tests
 * and benchmarks: data-state (loading | ready), data-points, data-rendered, data-focus-id, data-focus-state.
 */
export class MapController {
  readonly map: MapLibreMap;
  private readonly loaded: Promise<void>;
  private clusters?: ClusterSource;
  /** What the source holds: the level and the bounds its items cover. */
  private covered?: { level: number; bounds: Bounds };
  private running?: Promise<void>;
  private askAgain = false;
  private deltaTimer?: ReturnType<typeof setTimeout>;
  private settleTimer?: ReturnType<typeof setTimeout>;
  private shown = false;
  private fitted = false;
  private focusId?: number;

  /** `locale`: MapLibre's own labels (zoom buttons, scale, close), in the console's language; `scheme`: light or dark ground and tiles. */
  constructor(private readonly el: HTMLElement, private readonly tiles: MapTileConfig, private readonly events: MapControllerEvents, locale: Record<string, string> = {}, private readonly scheme: MapScheme = 'light') {
    el.dataset.state = 'loading';
    el.dataset.scheme = scheme;
    // The ground: the canvas is transparent where nothing is drawn (no background layer to fill in every frame).
    el.style.backgroundColor = MAP_GROUND[scheme].background;
    // No symbol fade: software WebGL would repaint for 300 ms after every move.
    const style = baseStyle(tiles, scheme);
    this.map = new MapLibreMap({ container: el, style, ...START, dragRotate: false, pitchWithRotate: false, maxPitch: 0, fadeDuration: 0, attributionControl: { compact: true }, locale });
    // A self-hosted style that cannot be read would leave the map empty for good: draw the plain ground instead.
    if (typeof style === 'string') {
      // A tile that fails names its source; the style document's own failure names none.
      const fallBack = (e: object) => {
        if ('sourceId' in e || this.map.isStyleLoaded()) return;
        this.map.off('error', fallBack);
        el.dataset.background = 'fallback';
        this.map.setStyle(baseStyle({ provider: 'offline', key: '' }, scheme));
      };
      this.map.on('error', fallBack);
      this.map.once('load', () => this.map.off('error', fallBack));
    }
    this.map.touchZoomRotate.disableRotation();
    this.map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    this.map.addControl(new ScaleControl(), 'bottom-left');
    this.loaded = new Promise((resolve) => this.map.once('load', () => resolve(this.install())));
    this.map.on('idle', () => this.describe());
    // Only once the view has settled: a wheel or a flight keeps the level it started with until then, so no source
    // data (and no reload of MapLibre's tiles) competes with its frames. A wheel's notches each end a move.
    this.map.on('movestart', () => clearTimeout(this.settleTimer));
    this.map.on('moveend', () => {
      clearTimeout(this.settleTimer);
      this.settleTimer = setTimeout(() => void this.refresh(), SETTLE_MS);
    });
  }

  private install() {
    const map = this.map;
    installMarkerImages(map);
    if (this.tiles.provider === 'offline') {
      map.addSource(GRID_SOURCE, { type: 'geojson', data: emptyCollection() });
      for (const layer of gridLayers(this.scheme)) map.addLayer(layer);
    }
    map.addSource(FLEET_SOURCE, { type: 'geojson', data: emptyCollection(), maxzoom: SOURCE_MAX_ZOOM });
    map.addSource(FOCUS_SOURCE, { type: 'geojson', data: emptyCollection() });
    for (const layer of fleetLayers) map.addLayer(layer);
    map.on('click', CLUSTER_LAYER, (e) => this.expand(e.features?.[0]));
    for (const layer of [LAMP_LAYER, CABINET_LAYER]) {
      map.on('click', layer, (e) => {
        const f = e.features?.[0];
        if (f) this.events.onLamp(Number(f.id), (f.geometry as GeoJSON.Point).coordinates as [number, number]);
      });
    }
    for (const layer of CLICKABLE_LAYERS) {
      map.on('mouseenter', layer, () => (map.getCanvas().style.cursor = 'pointer'));
      map.on('mouseleave', layer, () => (map.getCanvas().style.cursor = ''));
    }
  }

  private get source() {
    return this.map.getSource<GeoJSONSource>(FLEET_SOURCE)!;
  }

  /**
   * Draws a fleet whose index `clusters` answers (`points`: how many terminals are drawn, when the index is built);
   * the first time, fits the view to `bounds`. Resolves when the first view's items are on MapLibre's worker, unless
   * `cancelled` says a newer fleet or filter took over meanwhile.
   */
  async show(clusters: ClusterSource, points: number | Promise<number>, bounds?: Bounds, cancelled: () => boolean = () => false) {
    await this.loaded;
    if (cancelled()) return;
    this.covered = undefined;
    if (!this.fitted && bounds) {
      this.fitted = true;
      this.map.fitBounds(bounds, { padding: 48, maxZoom: 16, duration: 0 });
      void this.map.getSource<GeoJSONSource>(GRID_SOURCE)?.setData(graticule(bounds));
    }
    this.clusters = clusters;
    // The fit's own move asks for nothing: the view is asked for below.
    clearTimeout(this.settleTimer);
    // A view of the previous index may be on its way: the next one asks this index.
    await this.running;
    const shown = this.refresh(true);
    let count: number;
    try {
      count = await points;
    } catch {
      return;
    }
    await shown;
    if (cancelled()) return;
    this.el.dataset.points = String(count);
    performance.mark('map:data-on-worker');
    this.shown = true;
  }

  /** Asks the worker for the view's items when the source does not cover the view (or `always`), one request at a time. */
  private refresh(always = false): Promise<void> {
    if (!this.clusters) return Promise.resolve();
    const level = ClusterIndex.levelOf(this.map.getZoom());
    const view = this.map.getBounds();
    const [w, s, e, n] = [view.getWest(), view.getSouth(), view.getEast(), view.getNorth()];
    const c = this.covered;
    if (!always && c && c.level === level && w >= c.bounds[0] && s >= c.bounds[1] && e <= c.bounds[2] && n <= c.bounds[3]) return Promise.resolve();
    if (this.running) {
      this.askAgain = true;
      return this.running;
    }
    const dx = (e - w) * VIEW_MARGIN, dy = (n - s) * VIEW_MARGIN;
    this.running = this.load(this.clusters, level, [w - dx, s - dy, e + dx, n + dy]).finally(() => {
      this.running = undefined;
      if (this.askAgain) {
        this.askAgain = false;
        void this.refresh(true);
      }
    });
    return this.running;
  }

  private async load(clusters: ClusterSource, level: number, bounds: Bounds) {
    try {
      const features = await clusters.view(bounds, level);
      if (clusters !== this.clusters) return;
      await this.source.setData({ type: 'FeatureCollection', features });
      this.covered = { level, bounds };
    } catch (err) {
      if (clusters === this.clusters) console.error('map view failed', err);
    }
  }

  /** Redraws changed lamps at once (feature state); the clusters' worst state follows with the next view. */
  paint(updates: Array<{ id: number; s: number }>) {
    if (this.shown) for (const { id, s } of updates) this.map.setFeatureState({ source: FLEET_SOURCE, id }, { s });
    this.deltaTimer ??= setTimeout(() => {
      this.deltaTimer = undefined;
      void this.refresh(true);
    }, DELTA_VIEW_MS);
  }

  /** Flies to a lamp at street level and rings it. */
  focus(terminalId: number, at: [number, number]) {
    this.focusId = terminalId;
    this.el.dataset.focusId = String(terminalId);
    delete this.el.dataset.focusState;
    void this.loaded.then(() => {
      void this.map.getSource<GeoJSONSource>(FOCUS_SOURCE)!.setData({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: at } });
      this.map.flyTo({ center: at, zoom: STREET_ZOOM, duration: 800 });
    });
  }

  showPopup(at: [number, number], content: HTMLElement, onClose: () => void): Popup {
    const popup = new Popup({ maxWidth: '360px', offset: 12, focusAfterOpen: false, anchor: 'bottom' }).setLngLat(at).setDOMContent(content).addTo(this.map);
    // The popup opens above the lamp: bring the lamp to the lower part of the map so the popup fits.
    this.map.easeTo({ center: at, offset: [0, this.el.clientHeight * 0.3], duration: 300 });
    popup.on('close', onClose);
    return popup;
  }

  private expand(cluster: MapGeoJSONFeature | undefined) {
    if (!cluster) return;
    const zoom = Number(cluster.properties.e);
    this.map.easeTo({ center: (cluster.geometry as GeoJSON.Point).coordinates as [number, number], zoom: Math.min(zoom, 20), duration: 500 });
  }

  /** After each settled render: how many terminals are drawn in view, and the focused lamp's drawn state. */
  private describe() {
    if (!this.shown) return;
    const seen = new Set<string>();
    let drawn = 0;
    for (const f of this.map.queryRenderedFeatures({ layers: CLICKABLE_LAYERS })) {
      const cluster = f.properties.cluster_id as number | undefined;
      const key = cluster === undefined ? `p${f.id}` : `c${cluster}`;
      if (seen.has(key)) continue;
      seen.add(key);
      drawn += cluster === undefined ? 1 : Number(f.properties.point_count);
    }
    this.el.dataset.rendered = String(drawn);
    if (this.focusId !== undefined) {
      const hit = this.map.queryRenderedFeatures({ layers: [LAMP_LAYER, CABINET_LAYER] }).find((f) => Number(f.id) === this.focusId);
      if (hit) this.el.dataset.focusState = String(hit.state?.s ?? hit.properties.s);
    }
    if (this.el.dataset.state !== 'ready') performance.mark('map:ready');
    this.el.dataset.state = 'ready';
  }

  resize() {
    this.map.resize();
  }

  destroy() {
    clearTimeout(this.deltaTimer);
    clearTimeout(this.settleTimer);
    this.clusters = undefined;
    this.map.remove();
  }
}
