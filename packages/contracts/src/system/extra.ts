// Enterprises, dictionary, configuration and QR sign-in contracts.
export * from './enterprise.js';
export * from './dict.js';
export * from './config.js';
export * from './wx.js';
