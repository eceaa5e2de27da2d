import { useCallback, useEffect, useRef, useState } from 'react';
import { NOTICE_APPEND_DELAY_MS, NOTICE_DRAWER_PAGE_SIZE, type NoticeRow } from '@sl/contracts';
import { getNotices } from '../api/notices';

/**
 * The drawer's infinite list (spec §2): page 1 at once, each next page appended after 2 s, nothing more
 * once the loaded count reaches the total; `refresh` starts again from page 1.
 */
export function useNoticeFeed() {
  const [rows, setRows] = useState<NoticeRow[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const state = useRef({ pages: 0, loading: false, generation: 0, timer: undefined as ReturnType<typeof setTimeout> | undefined });

  const fetchPage = useCallback(async (pageIndex: number, generation: number) => {
    const s = state.current;
    try {
      const page = await getNotices({ pageIndex, pageSize: NOTICE_DRAWER_PAGE_SIZE });
      if (generation !== s.generation) return;
      s.pages = pageIndex;
      setRows((old) => (pageIndex === 1 ? page.list : [...old, ...page.list]));
      setTotal(page.count);
    } finally {
      if (generation === s.generation) {
        s.loading = false;
        setLoading(false);
      }
    }
  }, []);

  const refresh = useCallback(() => {
    const s = state.current;
    clearTimeout(s.timer);
    s.generation++;
    s.loading = true;
    setLoading(true);
    void fetchPage(1, s.generation);
  }, [fetchPage]);

  const hasMore = total === null || rows.length < total;
  const loadMore = useCallback(() => {
    const s = state.current;
    if (s.loading || !hasMore) return;
    s.loading = true;
    setLoading(true);
    const generation = s.generation;
    s.timer = setTimeout(() => void fetchPage(s.pages + 1, generation), NOTICE_APPEND_DELAY_MS);
  }, [fetchPage, hasMore]);

  /** Puts an answered notice in place without reloading the list. */
  const replace = useCallback((row: NoticeRow) => setRows((old) => old.map((r) => (r.id === row.id ? row : r))), []);

  useEffect(() => () => clearTimeout(state.current.timer), []);
  return { rows, total: total ?? 0, loading, hasMore, refresh, loadMore, replace };
}
