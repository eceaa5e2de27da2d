export * from './permissions.js';
export * from './policy.js';
export * from './plan.js';
export * from './calendar.js';
export * from './preview.js';
export * from './sets.js';
export * from './query.js';
