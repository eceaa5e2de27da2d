/** @vitest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = (e: { sourceId?: string }) => void;
const made = vi.hoisted(() => [] as Array<{ options: { style: unknown }; handlers: Map<string, Handler[]>; setStyle: ReturnType<typeof vi.fn>; styleLoaded: boolean; zoom: number }>);

vi.mock('maplibre-gl/dist/maplibre-gl.css', () => ({}));
vi.mock('maplibre-gl/dist/maplibre-gl-worker.mjs?url', () => ({ default: '/worker.js' }));
// jsdom has no 2D canvas to draw the marker images with.
vi.mock('./marker-images', () => ({ COUNT_IMAGE_PREFIX: 'sl-count:', CABINET_IMAGE: 'sl-cabinet', CABINET_BARS_IMAGE: 'sl-cabinet-bars', installMarkerImages() {} }));
vi.mock('maplibre-gl', () => {
  class FakeMap {
    handlers = new Map<string, Handler[]>();
    setStyle = vi.fn();
    styleLoaded = false;
    zoom = 12;
    sources = new Map<string, { setData: () => Promise<void> }>();
    touchZoomRotate = { disableRotation() {} };
    constructor(public options: { style: unknown }) {
      made.push(this);
    }
    addControl() {}
    addSource(id: string) {
      this.sources.set(id, { setData: async () => undefined });
    }
    addLayer() {}
    getSource(id: string) {
      return this.sources.get(id);
    }
    getZoom() {
      return this.zoom;
    }
    getBounds() {
      return { getWest: () => 121, getSouth: () => 31, getEast: () => 122, getNorth: () => 32 };
    }
    /** As MapLibre's without a duration: the move starts and ends at once. */
    fitBounds() {
      for (const event of ['movestart', 'moveend']) this.handlers.get(event)?.forEach((h) => h({}));
    }
    /** A layer's events (`on('click', layer, handler)`) are kept under `click:layer`. */
    on(event: string, layerOrHandler: string | Handler, handler?: Handler) {
      const key = typeof layerOrHandler === 'string' ? `${event}:${layerOrHandler}` : event;
      this.handlers.set(key, [...(this.handlers.get(key) ?? []), typeof layerOrHandler === 'string' ? handler! : layerOrHandler]);
    }
    once(event: string, handler: Handler) {
      this.on(event, handler);
    }
    off(event: string, handler: Handler) {
      this.handlers.set(event, (this.handlers.get(event) ?? []).filter((h) => h !== handler));
    }
    isStyleLoaded() {
      return this.styleLoaded;
    }
  }
  return { Map: FakeMap, NavigationControl: class {}, ScaleControl: class {}, Popup: class {}, setWorkerUrl() {}, prewarm() {} };
});

const { MapController } = await import('./map-controller');
const { MAP_GROUND } = await import('./map-style');
/** '#rrggbb' as the browser reports a colour set in a style: 'rgb(r, g, b)'. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
const fire = (m: (typeof made)[number], event: string, e: { sourceId?: string } = {}) => m.handlers.get(event)?.forEach((h) => h(e));
const open = (tiles: ConstructorParameters<typeof MapController>[1], scheme: 'light' | 'dark' = 'light') => {
  const el = document.createElement('div');
  const controller = new MapController(el, tiles, { onLamp() {} }, {}, scheme);
  return { el, map: made.at(-1)!, controller };
};

describe('MapController and a self-hosted background', () => {
  beforeEach(() => void made.splice(0));

  it("hands MapLibre the installation's style document, a path made absolute on this host", () => {
    expect(open({ provider: 'custom', key: '', styleUrl: 'https://gis.intranet/style.json' }).map.options.style).toBe('https://gis.intranet/style.json');
    expect(open({ provider: 'custom', key: '', styleUrl: '/basemap/style.json' }).map.options.style).toBe(`${location.origin}/basemap/style.json`);
  });

  it("draws the raster tiles of the installation's tile server", () => {
    const { map } = open({ provider: 'custom', key: '', tileUrl: 'http://tiles.intranet/{z}/{x}/{y}.png' });
    expect(map.options.style).toMatchObject({ sources: { base: { type: 'raster', tiles: ['http://tiles.intranet/{z}/{x}/{y}.png'] } } });
  });

  it('falls back to the plain ground when the style cannot be read, not when a tile fails', () => {
    const { el, map } = open({ provider: 'custom', key: '', styleUrl: '/missing.json' });
    fire(map, 'error', { sourceId: 'base' });
    expect(map.setStyle).not.toHaveBeenCalled();
    fire(map, 'error');
    expect(map.setStyle).toHaveBeenCalledWith(expect.objectContaining({ sources: {} }));
    expect(el.dataset.background).toBe('fallback');
  });
});

describe('MapController and the ground', () => {
  it("paints the scheme's ground as the container's colour, under a style with no background layer", () => {
    const light = open({ provider: 'offline', key: '' });
    expect(light.el.style.backgroundColor).toBe(rgb(MAP_GROUND.light.background));
    expect(light.map.options.style).toMatchObject({ layers: [] });
    expect(open({ provider: 'offline', key: '' }, 'dark').el.style.backgroundColor).toBe(rgb(MAP_GROUND.dark.background));
  });
});

describe('MapController and a moving view', () => {
  afterEach(() => void vi.useRealTimers());

  it("asks the worker for the view's items once a wheel rests, not at each notch", async () => {
    vi.useFakeTimers();
    const { map, controller } = open({ provider: 'offline', key: '' });
    const view = vi.fn(async () => []);
    fire(map, 'load');
    await controller.show({ view }, 3, [121, 31, 122, 32]);
    // The fit to the fleet is a move of its own; only show's request goes out.
    await vi.advanceTimersByTimeAsync(1000);
    expect(view).toHaveBeenCalledTimes(1);

    // Three notches 120 ms apart, each a move to the next level.
    for (const zoom of [13, 14, 15]) {
      map.zoom = zoom;
      fire(map, 'movestart');
      fire(map, 'moveend');
      await vi.advanceTimersByTimeAsync(120);
    }
    expect(view).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(250);
    expect(view).toHaveBeenCalledTimes(2);
    expect(view).toHaveBeenLastCalledWith(expect.any(Array), 15);
  });
});
