import type { DeviceFamily, SentTask } from '@sl/contracts';
import { http } from '../../../shared/request';

/** A command as the console sends it: which call, which permission guards it, whether it switches lamps. */
export interface CommandSpec {
  key: string;
  permission: string;
  /** Switching a cabinet asks for the password first. */
  switches?: boolean;
  /** Resets the terminal's settings: asks for the password on every model. */
  destructive?: boolean;
  url: (family: DeviceFamily, terminalId: number) => string;
  body?: (terminalId: number, values: Record<string, unknown>) => object;
}

const control = 'terminal:terminal:control';
const test = (path: string) => (family: DeviceFamily) => `/api/v1/${family}/test/${path}`;
const plain = (terminalId: number) => ({ terminalId });
/** A switch holds for the chosen time (`holdMin`), then the terminal returns to its program. */
const held = (terminalId: number, v: Record<string, unknown>) => ({ terminalId, holdMin: v.holdMin });

export const COMMANDS = {
  open: { key: 'open', permission: control, switches: true, url: test('light/open'), body: held },
  close: { key: 'close', permission: control, switches: true, url: test('light/close'), body: held },
  dim: { key: 'dim', permission: control, switches: true, url: test('dimmer'), body: (terminalId, v) => ({ ...held(terminalId, v), level: v.level }) },
  clockQuery: { key: 'clockQuery', permission: control, url: test('clock/query'), body: plain },
  clockSync: { key: 'clockSync', permission: 'terminal:set:send', url: (f) => `/api/v1/${f}/send/set/gmt`, body: plain },
  init: { key: 'init', permission: 'terminal:set:send', destructive: true, url: (f) => `/api/v1/${f}/send/set/init`, body: plain },
  timeRead: { key: 'timeRead', permission: 'terminal:set:send', url: (f, id) => `/api/v1/${f}/send/set/time/${id}` },
  heartInterval: { key: 'heartInterval', permission: 'terminal:set:send', url: (f) => `/api/v1/${f}/send/set/heart/info`, body: (terminalId, v) => ({ terminalId, intervalS: v.intervalS }) },
  heartbeat: { key: 'heartbeat', permission: 'terminal:heart:send', url: (_f, id) => `/api/v1/terminal/heart/send/${id}` },
  planClear: { key: 'planClear', permission: control, url: test('plan/clear'), body: plain },
  planBind: { key: 'planBind', permission: control, url: test('plan/bind'), body: (terminalId, v) => ({ terminalId, planId: v.planId, program: v.program }) },
  paramQuery: { key: 'paramQuery', permission: control, url: test('param/query'), body: plain },
  paramSet: { key: 'paramSet', permission: control, url: test('param/set'), body: (terminalId, v) => ({ terminalId, params: { [String(v.name)]: v.value } }) },
  localList: { key: 'localList', permission: control, url: test('local/list'), body: plain },
  localAdd: { key: 'localAdd', permission: control, url: test('local/add'), body: (terminalId, v) => ({ terminalId, id: v.id, step: v.step }) },
  localUpdate: { key: 'localUpdate', permission: control, url: test('local/update'), body: (terminalId, v) => ({ terminalId, id: v.id, step: v.step }) },
  localDelete: { key: 'localDelete', permission: control, url: test('local/delete'), body: (terminalId, v) => ({ terminalId, id: v.id }) },
  localStatus: { key: 'localStatus', permission: control, url: test('local/status'), body: (terminalId, v) => ({ terminalId, id: v.id, enabled: v.enabled }) },
} satisfies Record<string, CommandSpec>;
export type CommandKey = keyof typeof COMMANDS;

/**
 * The spec's quick command codes: 11 manual on, 10 manual off, 0 back to automatic, 22 ignore. "Ignore" holds the
 * lamps as they are and stops following the program (manual mode without a switch).
 */
export const QUICK_CODES = [11, 10, 0, 22] as const;
export type QuickCode = (typeof QUICK_CODES)[number];
export const QUICK_REQUESTS: Record<QuickCode, { permission: string; switches: boolean; url: (f: DeviceFamily) => string; body: (terminalId: number, v: Record<string, unknown>) => object }> = {
  11: { permission: control, switches: true, url: test('light/open'), body: held },
  10: { permission: control, switches: true, url: test('light/close'), body: held },
  0: { permission: 'terminal:set:send', switches: true, url: (f) => `/api/v1/${f}/send/set/manauto/recover`, body: plain },
  22: { permission: 'terminal:set:send', switches: false, url: (f) => `/api/v1/${f}/send/set/manauto`, body: (terminalId) => ({ terminalId, mode: 'manual' }) },
};

export const sendCommand = (url: string, body?: object) => http.post<SentTask>(url, body);
