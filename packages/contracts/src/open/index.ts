export * from './scopes.js';
export * from './api-clients.js';
export * from './resources.js';
