import { i18n } from '../i18n';

let alerted = false;

/** Spec §8: a browser without WebSocket gets one alert per page recommending a modern browser. */
export function alertUnsupported(): void {
  if (alerted) return;
  alerted = true;
  globalThis.alert?.(i18n.t('push.unsupported'));
}

/** Lets tests see the alert again. */
export const resetUnsupportedAlert = (): void => {
  alerted = false;
};
