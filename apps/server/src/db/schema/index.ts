export * from './system.js';
export * from './auth.js';
export * from './device.js';
export * from './energy.js';
export * from './alarm-workflow.js';
export * from './control.js';
export * from './leaflets.js';
export * from './demo.js';
