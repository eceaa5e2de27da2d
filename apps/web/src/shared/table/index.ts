export { usePagedQuery, type PagedParams, type PagedQuery } from './use-paged-query';
export { PagedTable, PlainTable, hasFilters, type PagedControl } from './paged-table';
export { EmptyState, type EmptyReason } from './empty-state';
export { SearchForm } from './search-form';
export { confirmDelete, deleteConfirmText } from './confirm-delete';
export { StatusSwitch, type Status } from './status-switch';
export { buildTree, type TreeRow } from './build-tree';
export { QueryError } from './query-error';
