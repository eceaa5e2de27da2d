import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';
const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : undefined);

function subscribe(onChange: () => void): () => void {
  const query = media();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * Whether the system asks for less motion (WCAG 2.3.3): antd's transitions and the charts' animations are then
 * off, and the map moves without flying (maplibre reads the same setting).
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches === true, () => false);
}
