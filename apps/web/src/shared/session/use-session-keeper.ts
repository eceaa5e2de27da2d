import { useEffect } from 'react';
import { startSessionKeeper } from './session-keeper';

/** Exchanges the token before it expires while the operator is active (mounted once, in the layout). */
export function useSessionKeeper(): void {
  useEffect(() => startSessionKeeper(), []);
}
