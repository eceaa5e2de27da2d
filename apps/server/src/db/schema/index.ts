export * from './system.js';
export * from './auth.js';
