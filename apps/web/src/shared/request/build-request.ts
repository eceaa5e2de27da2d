import { getToken } from '../cookies/token';
import { readLocale } from '../cookies/preferences';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  url: string;
  method?: Method;
  params?: Params;
  data?: unknown;
  /** Skip the message/notification for 400/403/other codes; the caller reports instead. */
  silent?: boolean;
  timeoutMs?: number;
}

/** Same-origin base URL: the server serves the console and the API together. */
export const BASE_URL = '';

export function buildUrl(url: string, params?: Params): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const qs = query.toString();
  return `${BASE_URL}${url}${qs ? (url.includes('?') ? '&' : '?') + qs : ''}`;
}

export function buildInit(options: RequestOptions): RequestInit {
  // The server writes its messages in the console's language.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': readLocale() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method: options.method ?? 'GET', headers, credentials: 'same-origin' };
  if (options.data instanceof FormData) {
    init.body = options.data;
  } else if (options.data !== undefined) {
    headers['Content-Type'] = 'application/json;charset=utf-8';
    init.body = JSON.stringify(options.data);
  }
  return init;
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
