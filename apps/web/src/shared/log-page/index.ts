export { LogPage, logPageQuery } from './log-page';
export type { DetailItem, LogPageConfig, TerminalRow } from './log-page-config';
export { detailValue } from './log-detail';
export { TerminalLink } from './terminal-link';
export { TerminalSelect, searchTerminals, type TerminalSource } from './terminal-select';
export { formatNumber, formatQuantity } from './format-number';
export { toLogFilters, type LogFilters } from './range-filters';
export { taskColumns, taskDetail, TaskStateTag } from './task-columns';
