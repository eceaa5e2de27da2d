import { ERROR_MESSAGE_DURATION_MS } from '@sl/contracts';
import { getToken } from '../cookies/token';
import { i18n } from '../i18n';
import { buildUrl, readJson, type Params } from './build-request';
import { feedback } from './feedback';

/** Save a blob under `filename` through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** GET a file with the bearer token in the console's language and save it; a JSON reply is an error envelope and is shown. */
export async function downloadFile(url: string, params: Params | undefined, filename: string): Promise<boolean> {
  const token = getToken();
  try {
    const response = await fetch(buildUrl(url, params), { headers: { 'Accept-Language': i18n.language, ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
    if (!response.ok || response.headers.get('content-type')?.includes('json')) {
      const body = (await readJson(response)) as { msg?: string } | null;
      feedback.message().error({ content: body?.msg || i18n.t('request.httpError', { status: response.status }), duration: ERROR_MESSAGE_DURATION_MS / 1000 });
      return false;
    }
    saveBlob(await response.blob(), filename);
    return true;
  } catch {
    feedback.message().error({ content: i18n.t('request.network'), duration: ERROR_MESSAGE_DURATION_MS / 1000 });
    return false;
  }
}
