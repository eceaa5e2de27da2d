export * from './constants.js';
export * from './enums.js';
export * from './api/codes.js';
export * from './api/envelope.js';
export * from './auth/login.js';
export * from './auth/user-info.js';
export * from './auth/public-config.js';
export * from './system/menu.js';
