export * from './map-state.js';
export * from './map-fleet.js';
export * from './map-detail.js';
export * from './map-tiles.js';
export * from './map-push.js';
