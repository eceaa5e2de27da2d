export * from './topics.js';
export * from './messages.js';
export * from './commands.js';
