import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Popup } from 'maplibre-gl';
import { useTranslation } from 'react-i18next';
import type { MapDeltaPush, MapTileConfig } from '@sl/contracts';
import { usePushChannel } from '../../../shared/push';
import { useSettings } from '../../../shared/stores/settings-store';
import type { Projection } from './fleet-clusters';
import type { FleetModel, MapFilters, Projector } from './fleet-model';
import { FleetWorkerClient, prestartFleetWorker } from './fleet-worker-client';
import { wgs84ToGcj02 } from './gcj02';
import { LampPopup } from './lamp-popup';
import { MapController } from './map-controller';

const wgs84: Projector = (lng, lat) => [lng, lat];

// This module loads with the dashboard, before the fleet is fetched: the map's worker starts meanwhile.
prestartFleetWorker();

interface OpenPopup {
  terminalId: number;
  node: HTMLElement;
  handle: Popup;
}

export interface MapFocus {
  terminalId: number;
  lng: number;
  lat: number;
}

interface Props {
  model: FleetModel;
  tiles: MapTileConfig;
  filters: MapFilters;
  focus?: MapFocus;
  /** Called after deltas changed the model (the counters follow). */
  onDelta: () => void;
}

/** The MapLibre map of the fleet; deltas from the `map` push channel redraw single lamps. */
export function FleetMap({ model, tiles, filters, focus, onDelta }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const controller = useRef<MapController | undefined>(undefined);
  const clusters = useRef<FleetWorkerClient | undefined>(undefined);
  const [popup, setPopup] = useState<OpenPopup>();
  const openPopup = useRef<OpenPopup | undefined>(undefined);
  const projection: Projection = tiles.provider === 'amap' ? 'gcj02' : 'wgs84';
  const project = useMemo<Projector>(() => (projection === 'gcj02' ? wgs84ToGcj02 : wgs84), [projection]);
  const [, redraw] = useState(0);
  // A new map (another tile provider, language or colour scheme) needs the fleet again.
  const [mapVersion, setMapVersion] = useState(0);
  const created = useRef(0);
  /** Hands the fleet being indexed to a map (the first map is made after the index is asked for). */
  const showFleet = useRef<((map: MapController) => void) | undefined>(undefined);
  const { t, i18n } = useTranslation();
  const scheme = useSettings((s) => s.colorScheme);
  const locale = useMemo(
    () => ({
      'NavigationControl.ZoomIn': t('map.ui.zoomIn'), 'NavigationControl.ZoomOut': t('map.ui.zoomOut'), 'Popup.Close': t('map.ui.close'),
      'AttributionControl.ToggleAttribution': t('map.ui.attribution'), 'Map.Title': t('map.ui.title'),
      'ScaleControl.Meters': t('map.ui.meters'), 'ScaleControl.Kilometers': t('map.ui.kilometers'),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels change with the language
    [i18n.language],
  );

  // The map's worker holds its own copy of this fleet and its cluster index.
  useEffect(() => {
    const c = new FleetWorkerClient(model);
    clusters.current = c;
    return () => {
      clusters.current = undefined;
      c.terminate();
    };
  }, [model]);

  // Declared before the map's effect: on the first render the index is asked for before MapLibre's map is made.
  useEffect(() => {
    const c = clusters.current!;
    let cancelled = false;
    const points = c.build(filters, projection);
    points.then(
      () => performance.mark('map:index-built'),
      (err: unknown) => !cancelled && console.error('map index failed', err),
    );
    // The worker answers in order: the first view, asked at once, comes right after the index (no round trip
    // between them), and the map fits the fleet's bounds meanwhile.
    const bounds = model.bounds(project);
    showFleet.current = (map) => void map.show(c, points, bounds, () => cancelled);
    if (controller.current) showFleet.current(controller.current);
    return () => void (cancelled = true);
  }, [model, filters, projection, project, mapVersion]);

  useEffect(() => {
    const c = new MapController(el.current!, tiles, {
      onLamp: (terminalId, at) => {
        openPopup.current?.handle.remove();
        const node = document.createElement('div');
        const handle = c.showPopup(at, node, () => setPopup((cur) => (cur?.node === node ? undefined : cur)));
        openPopup.current = { terminalId, node, handle };
        setPopup(openPopup.current);
      },
    }, locale, scheme);
    controller.current = c;
    // The first map gets the fleet the effect above asked for; a later one must ask for it.
    if (created.current++ > 0) setMapVersion((v) => v + 1);
    else showFleet.current?.(c);
    return () => {
      openPopup.current?.handle.remove();
      openPopup.current = undefined;
      setPopup(undefined);
      controller.current = undefined;
      c.destroy();
    };
  }, [tiles, locale, scheme]);

  useEffect(() => {
    if (focus) controller.current?.focus(focus.terminalId, project(focus.lng, focus.lat));
  }, [focus, project]);

  usePushChannel('map', (message) => {
    const push = message as MapDeltaPush;
    if (push.event !== 'mapDelta' || !Array.isArray(push.changes)) return;
    const diff = model.apply(push.changes, filters, project);
    // A change of flags alone (lit, offline behind an alarm) redraws nothing but the counters.
    onDelta();
    if (diff.add.length + diff.remove.length + diff.update.length === 0) return;
    clusters.current?.delta(push.changes);
    controller.current?.paint(diff.update);
    if (popup) redraw((n) => n + 1);
  });

  const popupState = popup ? model.fleet.state[model.index.get(popup.terminalId) ?? -1] : undefined;
  return (
    <>
      <div ref={el} className="fleet-map" data-testid="fleet-map" data-provider={tiles.provider} />
      {popup && createPortal(<LampPopup terminalId={popup.terminalId} state={popupState} />, popup.node)}
    </>
  );
}
