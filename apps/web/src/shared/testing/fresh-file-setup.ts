// The web projects run with `isolate: false`: a worker keeps the modules an earlier file imported (i18next, dayjs),
// and a component file's jsdom keeps its cookies and storage. Each file starts as a first page load would: the
// default language, no stored preferences.
import Cookies from 'js-cookie';
import { beforeAll } from 'vitest';
import { DEFAULT_LOCALE } from '@sl/contracts';
import { changeLocale } from '../i18n';
// As the signed-in shell does: dayjs follows the language.
import '../time/dayjs-locale';

beforeAll(async () => {
  await changeLocale(DEFAULT_LOCALE);
  for (const name of Object.keys(Cookies.get() ?? {})) Cookies.remove(name);
  globalThis.localStorage?.clear();
  globalThis.sessionStorage?.clear();
});
