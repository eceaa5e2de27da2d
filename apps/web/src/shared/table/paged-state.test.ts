import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '@sl/contracts';
import { PageAnchors, clampPage, initialPagedState, toParams, withFilters, withPage } from './paged-state';

describe('paged state', () => {
  const start = initialPagedState({ username: '', status: undefined as string | undefined });

  it('starts on page 1 with the default size', () => {
    expect(start).toMatchObject({ pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE });
  });
  it('goes back to page 1 when filters or the page size change', () => {
    const onPage3 = withPage(start, 3);
    expect(onPage3.pageIndex).toBe(3);
    expect(withFilters(onPage3, { username: 'a', status: '2' })).toMatchObject({ pageIndex: 1, filters: { username: 'a' } });
    expect(withPage(onPage3, 3, 50)).toMatchObject({ pageIndex: 1, pageSize: 50 });
    expect(withPage(onPage3, 4, DEFAULT_PAGE_SIZE).pageIndex).toBe(4);
  });
  it('steps back to the last page after deletions', () => {
    const onPage3 = withPage(start, 3);
    expect(clampPage(onPage3, 41).pageIndex).toBe(3);
    expect(clampPage(onPage3, 40).pageIndex).toBe(2);
    expect(clampPage(onPage3, 0).pageIndex).toBe(1);
    expect(clampPage(onPage3, 60)).toBe(onPage3);
  });
  it('sends only filters with a value, trimmed', () => {
    expect(toParams(withFilters(start, { username: '  ad ', status: undefined }))).toEqual({ username: 'ad', pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE });
    expect(toParams(withFilters(start, { username: '   ', status: '1' }))).toEqual({ status: '1', pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE });
  });
  it('asks a page after the last key of the page before it, once that page was seen with the same filters', () => {
    const anchors = new PageAnchors();
    const page1 = start;
    expect(anchors.cursor(page1)).toBeUndefined();
    anchors.seen(page1, 120);
    expect(anchors.cursor(withPage(page1, 2))).toBe(120);
    anchors.seen(withPage(page1, 2), 260);
    expect(anchors.cursor(withPage(page1, 3))).toBe(260);
    expect(anchors.cursor(withPage(page1, 2))).toBe(120);
    expect(anchors.cursor(withPage(page1, 7))).toBeUndefined();
    const filtered = withFilters(page1, { username: 'a', status: undefined });
    expect(anchors.cursor(withPage(filtered, 2))).toBeUndefined();
    anchors.seen(filtered, 5);
    expect(anchors.cursor(withPage(filtered, 2))).toBe(5);
    expect(anchors.cursor(withPage(page1, 3))).toBeUndefined();
    expect(anchors.cursor(withPage(withFilters(filtered, filtered.filters), 2, 50))).toBeUndefined();
  });
});
