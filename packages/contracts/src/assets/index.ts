export * from './lamp-type.js';
export * from './lamp-asset.js';
export * from './power-faults.js';
export * from './predictive.js';
