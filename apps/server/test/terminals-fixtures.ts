import type { TerminalInput } from '@sl/contracts';
import { bearer, type TestApp } from './support/test-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A signed-in caller: every call answers the parsed envelope. */
export function caller(t: TestApp, token: string) {
  const call = async (method: Method, url: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
    return res.json();
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body: unknown) => call('POST', url, body),
    put: (url: string, body: unknown) => call('PUT', url, body),
    del: (url: string) => call('DELETE', url),
  };
}
export type Caller = ReturnType<typeof caller>;

let serial = 0;
/** A valid terminal body with a fresh serial number. */
export const terminalBody = (over: Partial<TerminalInput> = {}): TerminalInput => ({
  sn: `T${Date.now().toString(36)}${(serial++).toString().padStart(4, '0')}`,
  name: `terminal ${serial}`,
  family: 'rdcsm',
  model: 2,
  deptId: 2,
  ...over,
});

/** Adds a terminal and answers its data (with the one-time secret). */
export async function addTerminal(api: Caller, over: Partial<TerminalInput> = {}) {
  const res = await api.post('/terminal/add', terminalBody(over));
  if (res.code !== 200) throw new Error(`add terminal failed: ${res.msg}`);
  return res.data as { terminalId: number; sn: string; secret: string; status: number; deptId: number };
}
