import { ALARM_KINDS, type Locale } from '@sl/contracts';
import type { AlarmNotice } from '../alarms/alarm-workflow.js';
import type { RobotMessage } from './robot-senders.js';

const SEVERITY: Record<number, Record<Locale, string>> = {
  1: { 'zh-CN': '紧急', 'en-US': 'Critical' },
  2: { 'zh-CN': '重要', 'en-US': 'Major' },
  3: { 'zh-CN': '次要', 'en-US': 'Minor' },
};
const LABELS: Record<Locale, { title: string; terminal: string; kind: string; severity: string; at: string; detail: string; id: string }> = {
  'zh-CN': { title: '路灯告警', terminal: '终端', kind: '告警类型', severity: '级别', at: '时间', detail: '描述', id: '告警编号' },
  'en-US': { title: 'Street-light alarm', terminal: 'Terminal', kind: 'Kind', severity: 'Severity', at: 'Time', detail: 'Description', id: 'Alarm' },
};

/** An alarm notice in one language, as lines of `label: value`, and its title. */
export function alarmNoticeText(n: AlarmNotice, locale: Locale, at: Date, timeZone: string): { title: string; lines: string[] } {
  const l = LABELS[locale];
  const kind = ALARM_KINDS.find((k) => k.kind === n.kind)?.name[locale] ?? n.kind;
  const severity = SEVERITY[n.severity]?.[locale] ?? String(n.severity);
  const time = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'medium' }).format(at);
  return {
    title: `${l.title} [${severity}] ${kind} · ${n.terminalName}`,
    lines: [`${l.terminal}: ${n.terminalName}`, `${l.kind}: ${kind}`, `${l.severity}: ${severity}`, `${l.at}: ${time}`, `${l.detail}: ${n.message}`, `${l.id}: ${n.alarmId}`],
  };
}

export const asRobotMessage = (t: { title: string; lines: string[] }): RobotMessage => ({ title: t.title, markdown: t.lines.map((line) => `> ${line}`).join('\n') });
