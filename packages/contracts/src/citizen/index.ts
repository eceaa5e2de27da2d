export * from './citizen-report.js';
