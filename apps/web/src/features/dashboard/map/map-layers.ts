import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';
import { MAP_STATE_COLOURS, TerminalModel } from '@sl/contracts';
import { CABINET_IMAGE_PREFIX, COUNT_IMAGE_PREFIX } from './marker-images';

export const FLEET_SOURCE = 'sl-fleet';
export const FOCUS_SOURCE = 'sl-focus';
export const GRID_SOURCE = 'sl-grid';
export const CLUSTER_LAYER = 'sl-clusters';
export const LAMP_LAYER = 'sl-lamps';
export const CABINET_LAYER = 'sl-cabinets';
export const CLICKABLE_LAYERS = [CLUSTER_LAYER, LAMP_LAYER, CABINET_LAYER];

/** A colour per state code read from `field` (`s` on a lamp, `w` = the worst state inside a cluster). */
const colourBy = (field: string): ExpressionSpecification => ['match', ['get', field], ...MAP_STATE_COLOURS.flatMap((c, i) => [i, c]), MAP_STATE_COLOURS[0]] as unknown as ExpressionSpecification;
const notCluster: ExpressionSpecification = ['!', ['has', 'point_count']];

export const gridLayer: LayerSpecification = {
  id: 'sl-grid', type: 'line', source: GRID_SOURCE,
  paint: { 'line-color': ['case', ['get', 'major'], '#c9d3df', '#dde4ec'], 'line-width': ['case', ['get', 'major'], 1.2, 0.6] },
};

export const fleetLayers: LayerSpecification[] = [
  {
    id: CLUSTER_LAYER, type: 'circle', source: FLEET_SOURCE, filter: ['has', 'point_count'],
    paint: {
      'circle-color': colourBy('w'),
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
      'circle-color': colourBy('s'),
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 10, 3, 15, 5, 18, 8],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': ['interpolate', ['linear'], ['zoom'], 10, 0.5, 16, 1.5],
    },
  },
  {
    id: CABINET_LAYER, type: 'symbol', source: FLEET_SOURCE, filter: ['all', notCluster, ['==', ['get', 'm'], TerminalModel.centralised]],
    layout: { 'icon-image': ['concat', CABINET_IMAGE_PREFIX, ['to-string', ['get', 's']]], 'icon-allow-overlap': true, 'icon-ignore-placement': true, 'icon-size': ['interpolate', ['linear'], ['zoom'], 10, 0.7, 16, 1.1] },
  },
  {
    id: 'sl-focus', type: 'circle', source: FOCUS_SOURCE,
    paint: { 'circle-radius': 14, 'circle-color': 'rgba(0,0,0,0)', 'circle-stroke-color': '#1677ff', 'circle-stroke-width': 3 },
  },
];
