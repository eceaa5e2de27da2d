export * from './alarm-kinds.js';
export * from './alarm-log.js';
export * from './sms.js';
export * from './work-order.js';
export * from './workflow-names.js';
export * from './alarm-set.js';
export * from './leaflet.js';
export * from './notify-channel.js';
