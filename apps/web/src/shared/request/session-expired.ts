import { i18n } from '../i18n';
import { removeToken } from '../cookies/token';
import { feedback } from './feedback';

let dialogOpen = false;

const reload = () => window.location.reload();

/** The "session expired" confirm of spec §8; only one at a time. */
export function showSessionExpired(): void {
  if (dialogOpen) return;
  dialogOpen = true;
  feedback.confirm({
    title: i18n.t('request.sessionExpiredTitle'),
    content: i18n.t('request.sessionExpired'),
    okText: i18n.t('request.relogin'),
    cancelText: i18n.t('request.cancel'),
    onOk: () => {
      removeToken();
      reload();
    },
    afterClose: () => {
      dialogOpen = false;
    },
  });
}

/** Code 401: the token is gone; on the login page just reload, elsewhere offer to sign in again. */
export function handleUnauthorized(): void {
  removeToken();
  if (window.location.pathname === '/login') reload();
  else showSessionExpired();
}
