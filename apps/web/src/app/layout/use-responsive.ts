import { useEffect } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@sl/contracts';
import { useAppStore } from '../../shared/stores/app-store';

/** Switch to mobile mode (sidebar hidden) under the 992 px breakpoint. */
export function useResponsive(): void {
  const setDevice = useAppStore((s) => s.setDevice);
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
    const apply = () => setDevice(query.matches ? 'mobile' : 'desktop');
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, [setDevice]);
}
