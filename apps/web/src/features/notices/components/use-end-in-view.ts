import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls `onEnd` whenever the sentinel at the end of a scrolling list is in view: on scrolling to it,
 * and again after each append (`version`) while it stays in view. Returns a callback ref, as the
 * drawer mounts its body (and the sentinel) only when first opened.
 */
export function useEndInView(onEnd: () => void, version: unknown) {
  const visible = useRef(false);
  const latest = useRef(onEnd);
  latest.current = onEnd;
  const observer = useRef<IntersectionObserver | null>(null);
  const sentinel = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    observer.current = new IntersectionObserver(([entry]) => {
      visible.current = entry.isIntersecting;
      if (entry.isIntersecting) latest.current();
    });
    observer.current.observe(el);
  }, []);
  useEffect(() => {
    if (visible.current) latest.current();
  }, [version]);
  return sentinel;
}
