import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';
import { MAP_STATE_COLOURS, TerminalModel } from '@sl/contracts';
import { CABINET_BARS_IMAGE, CABINET_IMAGE, COUNT_IMAGE_PREFIX } from './marker-images';
import { MAP_GROUND, type MapScheme } from './map-style';

export const FLEET_SOURCE = 'sl-fleet';
export const FOCUS_SOURCE = 'sl-focus';
export const GRID_SOURCE = 'sl-grid';
export const CLUSTER_LAYER = 'sl-clusters';
export const LAMP_LAYER = 'sl-lamps';
export const CABINET_LAYER = 'sl-cabinets';
export const CLICKABLE_LAYERS = [CLUSTER_LAYER, LAMP_LAYER, CABINET_LAYER];

/** A colour per state code (`w` on a cluster: the worst state inside). */
const colourOf = (code: ExpressionSpecification): ExpressionSpecification => ['match', code, ...MAP_STATE_COLOURS.flatMap((c, i) => [i, c]), MAP_STATE_COLOURS[0]] as unknown as ExpressionSpecification;
/** A lamp's state: its feature state (set by a delta, drawn at once) over the property it was loaded with. */
const lampState: ExpressionSpecification = ['coalesce', ['feature-state', 's'], ['get', 's']];
const notCluster: ExpressionSpecification = ['!', ['has', 'point_count']];
const cabinetSize: ExpressionSpecification = ['interpolate', ['linear'], ['zoom'], 10, 0.7, 16, 1.1];

/** Zoom from which the graticule's minor lines (every 0.01°, about 60 px apart at 12) are drawn. */
export const GRID_MINOR_ZOOM = 12;

/**
 * The offline ground's graticule in the scheme's colours: major lines (every 0.1°) at every zoom, minor ones from
 * GRID_MINOR_ZOOM. Below it they would be a mesh a few pixels apart that costs a software renderer (no GPU) a fifth
 * of each frame at city zoom and shows nothing the major lines do not.
 */
export const gridLayers = (scheme: MapScheme = 'light'): LayerSpecification[] => [
  { id: 'sl-grid-minor', type: 'line', source: GRID_SOURCE, filter: ['!', ['get', 'major']], minzoom: GRID_MINOR_ZOOM, paint: { 'line-color': MAP_GROUND[scheme].minor, 'line-width': 0.6 } },
  { id: 'sl-grid', type: 'line', source: GRID_SOURCE, filter: ['get', 'major'], paint: { 'line-color': MAP_GROUND[scheme].major, 'line-width': 1.2 } },
];

export const fleetLayers: LayerSpecification[] = [
  {
    id: CLUSTER_LAYER, type: 'circle', source: FLEET_SOURCE, filter: ['has', 'point_count'],
    paint: {
      'circle-color': colourOf(['get', 'w']),
      'circle-opacity': 0.88,
      'circle-radius': ['step', ['get', 'point_count'], 13, 10, 16, 100, 20, 1000, 25, 10000, 31],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  },
  {
    id: 'sl-cluster-count', type: 'symbol', source: FLEET_SOURCE, filter: ['has', 'point_count'],
    layout: { 'icon-image': ['concat', COUNT_IMAGE_PREFIX, ['get', 'point_count_abbreviated']], 'icon-allow-overlap': true, 'icon-ignore-placement': true },
  },
  {
    id: LAMP_LAYER, type: 'circle', source: FLEET_SOURCE, filter: ['all', notCluster, ['==', ['get', 'm'], TerminalModel.singleLamp]],
    paint: {
      'circle-color': colourOf(lampState),
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 10, 3, 15, 5, 18, 8],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': ['interpolate', ['linear'], ['zoom'], 10, 0.5, 16, 1.5],
    },
  },
  {
    id: CABINET_LAYER, type: 'symbol', source: FLEET_SOURCE, filter: ['all', notCluster, ['==', ['get', 'm'], TerminalModel.centralised]],
    layout: { 'icon-image': CABINET_IMAGE, 'icon-allow-overlap': true, 'icon-ignore-placement': true, 'icon-size': cabinetSize },
    paint: { 'icon-color': colourOf(lampState), 'icon-halo-color': '#ffffff', 'icon-halo-width': 1.2 },
  },
  {
    id: 'sl-cabinet-bars', type: 'symbol', source: FLEET_SOURCE, filter: ['all', notCluster, ['==', ['get', 'm'], TerminalModel.centralised]],
    layout: { 'icon-image': CABINET_BARS_IMAGE, 'icon-allow-overlap': true, 'icon-ignore-placement': true, 'icon-size': cabinetSize },
  },
  {
    id: 'sl-focus', type: 'circle', source: FOCUS_SOURCE,
    paint: { 'circle-radius': 14, 'circle-color': 'rgba(0,0,0,0)', 'circle-stroke-color': '#1677ff', 'circle-stroke-width': 3 },
  },
];
