export * from './report-query.js';
export * from './report-rows.js';
export * from './report-mail.js';
