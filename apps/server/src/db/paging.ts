import type { PageQuery, PageResult } from '@sl/contracts';

/** Runs a page query and its count together and wraps them in the go-admin page shape. */
export async function paginate<T>(
  page: PageQuery,
  rows: (limit: number, offset: number) => Promise<T[]>,
  total: () => Promise<number>,
): Promise<PageResult<T>> {
  const [list, count] = await Promise.all([rows(page.pageSize, (page.pageIndex - 1) * page.pageSize), total()]);
  return { list, count, pageIndex: page.pageIndex, pageSize: page.pageSize };
}

/** `%value%` for ILIKE with the wildcard characters of the value escaped. */
export const contains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
