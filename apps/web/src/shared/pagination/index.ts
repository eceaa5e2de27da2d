export { AppPagination } from './app-pagination';
export { paginationProps, usePaginationProps, type PageControl } from './pagination-props';
