import { useEffect } from 'react';
import { recordError } from '../../../shared/stores/error-log-store';

// Chromium reports this benign layout notice as a window error; it is not a fault of the page.
const BENIGN = /ResizeObserver loop/;

/** Records uncaught errors and unhandled promise rejections in the error log while mounted. */
export function useErrorCapture(): void {
  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      if (!BENIGN.test(event.message)) recordError(event.error ?? event.message, 'error');
    };
    const onRejection = (event: PromiseRejectionEvent) => recordError(event.reason, 'unhandledrejection');
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
}
