import { Map as MapLibreMap, NavigationControl, Popup, ScaleControl, setWorkerUrl, type GeoJSONSource, type MapGeoJSONFeature } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { MapTileConfig } from '@sl/contracts';
import type { FeatureDiff, LampFeature, LampProperties } from './fleet-model';
import { CABINET_LAYER, CLICKABLE_LAYERS, CLUSTER_LAYER, FLEET_SOURCE, FOCUS_SOURCE, fleetLayers, GRID_SOURCE, gridLayer, LAMP_LAYER } from './map-layers';
import { baseStyle, graticule, type MapScheme } from './map-style';
import { installMarkerImages } from './marker-images';

// The bundler copies the worker beside the console's assets; MapLibre would look for it next to its own module.
setWorkerUrl(workerUrl);

/** Before the fleet arrives: People's Square, Shanghai, where the demo fleet stands. */
const START = { center: [121.4737, 31.2304] as [number, number], zoom: 11 };
/** Street level, where every lamp stands alone (clusters end at CLUSTER_MAX_ZOOM). */
export const STREET_ZOOM = 17.5;
/** Each clustered zoom level costs the worker about a pass over the fleet: 14 halves the indexing time of 16 at 250,000 lamps. */
const CLUSTER_MAX_ZOOM = 14;
/** Above this the map overzooms the source's tiles instead of asking the worker for new ones: lamps stay exact to a metre. */
const SOURCE_MAX_ZOOM = 15;
/**
 * A delta redraws its lamp at once through feature state; the source data (and so the clusters' worst state)
 * follows in batches: updateData re-clusters the whole source on the worker (about a second at 250,000 points),
 * so large fleets batch for longer, and a batch waits for the previous one.
 */
const flushDelay = (points: number) => (points > 50_000 ? 2000 : 100);

export interface MapControllerEvents {
  onLamp(terminalId: number, at: [number, number]): void;
}

const emptyCollection = (): GeoJSON.FeatureCollection => ({ type: 'FeatureCollection', features: [] });

/**
 * Owns the MapLibre map: one clustered GeoJSON source (supercluster on MapLibre's worker, each cluster carrying
 * the worst state inside as `w`), full data only when the fleet or the filters change, and deltas as updateData
 * diffs. The container's data attributes describe what is drawn, for tests and benchmarks:
 * data-state (loading | ready), data-points, data-rendered, data-focus-id, data-focus-state.
 */
export class MapController {
  readonly map: MapLibreMap;
  private readonly loaded: Promise<void>;
  private readonly adds = new Map<number, LampFeature>();
  private readonly removes = new Set<number>();
  private readonly updates = new Map<number, number>();
  private flushTimer?: ReturnType<typeof setTimeout>;
  private flushing: Promise<void> = Promise.resolve();
  private shown = false;
  private fitted = false;
  private focusId?: number;

  /** `locale`: MapLibre's own labels (zoom buttons, scale, close), in the console's language; `scheme`: light or dark ground and tiles. */
  constructor(private readonly el: HTMLElement, private readonly tiles: MapTileConfig, private readonly events: MapControllerEvents, locale: Record<string, string> = {}, private readonly scheme: MapScheme = 'light') {
    el.dataset.state = 'loading';
    el.dataset.scheme = scheme;
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
  }

  private install() {
    const map = this.map;
    installMarkerImages(map);
    if (this.tiles.provider === 'offline') {
      map.addSource(GRID_SOURCE, { type: 'geojson', data: emptyCollection() });
      map.addLayer(gridLayer(this.scheme));
    }
    map.addSource(FLEET_SOURCE, {
      type: 'geojson', data: emptyCollection(), maxzoom: SOURCE_MAX_ZOOM, cluster: true, clusterRadius: 50, clusterMaxZoom: CLUSTER_MAX_ZOOM,
      clusterProperties: { w: ['max', ['get', 's']] },
    });
    map.addSource(FOCUS_SOURCE, { type: 'geojson', data: emptyCollection() });
    for (const layer of fleetLayers) map.addLayer(layer);
    map.on('click', CLUSTER_LAYER, (e) => void this.expand(e.features?.[0]));
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

  /** Draws a whole (filtered) fleet; the first time, fits the view to `bounds`. Pending deltas are dropped: the data is newer. */
  async show(data: GeoJSON.FeatureCollection<GeoJSON.Point, LampProperties>, bounds?: [number, number, number, number]) {
    await this.loaded;
    this.adds.clear();
    this.removes.clear();
    this.updates.clear();
    this.el.dataset.points = String(data.features.length);
    performance.mark('map:set-data');
    await this.source.setData(data);
    performance.mark('map:data-on-worker');
    if (!this.fitted && bounds) {
      this.fitted = true;
      this.map.fitBounds(bounds, { padding: 48, maxZoom: 16, duration: 0 });
      void this.map.getSource<GeoJSONSource>(GRID_SOURCE)?.setData(graticule(bounds));
    }
    this.shown = true;
  }

  /** Queues a delta diff; diffs within DELTA_FLUSH_MS travel to the worker as one updateData. */
  queue(diff: FeatureDiff) {
    for (const id of diff.remove) {
      if (!this.adds.delete(id)) {
        this.updates.delete(id);
        this.removes.add(id);
      }
    }
    for (const f of diff.add) {
      const id = Number(f.id);
      if (this.removes.delete(id)) this.updates.set(id, f.properties.s);
      else this.adds.set(id, f);
    }
    for (const { id, s } of diff.update) {
      const added = this.adds.get(id);
      if (added) added.properties.s = s;
      else this.updates.set(id, s);
      if (this.shown) this.map.setFeatureState({ source: FLEET_SOURCE, id }, { s });
    }
    this.flushTimer ??= setTimeout(() => {
      this.flushing = this.flushing.then(() => this.flush()).catch((err: unknown) => console.error('map update failed', err));
    }, flushDelay(Number(this.el.dataset.points ?? 0)));
  }

  private async flush() {
    this.flushTimer = undefined;
    await this.loaded;
    if (!this.shown || this.adds.size + this.removes.size + this.updates.size === 0) return;
    const diff = {
      add: [...this.adds.values()],
      remove: [...this.removes],
      update: [...this.updates].map(([id, s]) => ({ id, addOrUpdateProperties: [{ key: 's', value: s }] })),
    };
    this.adds.clear();
    this.removes.clear();
    this.updates.clear();
    this.el.dataset.points = String(Number(this.el.dataset.points ?? 0) + diff.add.length - diff.remove.length);
    await this.source.updateData(diff);
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

  private async expand(cluster: MapGeoJSONFeature | undefined) {
    if (!cluster) return;
    const zoom = await this.source.getClusterExpansionZoom(Number(cluster.properties.cluster_id));
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
    clearTimeout(this.flushTimer);
    this.map.remove();
  }
}
