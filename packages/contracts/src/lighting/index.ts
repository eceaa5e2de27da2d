export * from './calendar.js';
export * from './sun.js';
export * from './program.js';
export * from './zone-calendar.js';
