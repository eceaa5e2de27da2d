import { addSheet, newWorkbook, workbookBuffer } from '../storage/workbook.js';
import { ALARM_KINDS, ALARM_STATUS_NAMES, type Alarm } from '@sl/contracts';

/** At most this many alarms go into one export (newest first, the list's filters applied). */
export const ALARM_EXPORT_LIMIT = 10_000;

const COLUMNS = [
  { key: 'alarmId', header: '告警编号 Alarm', width: 12 },
  { key: 'kind', header: '类型 Kind', width: 22 },
  { key: 'status', header: '状态 Status', width: 24 },
  { key: 'terminalName', header: '终端 Terminal', width: 22 },
  { key: 'sn', header: '编号 SN', width: 18 },
  { key: 'family', header: '协议 Family', width: 10 },
  { key: 'message', header: '描述 Description', width: 30 },
  { key: 'raisedAt', header: '告警时间 Raised (UTC)', width: 22 },
  { key: 'clearedAt', header: '恢复时间 Cleared (UTC)', width: 22 },
];

const both = (names: Record<string, string> | undefined, fallback: string) => (names ? `${names['zh-CN']} ${names['en-US']}` : fallback);
const time = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 19) : '');

/** The alarm list as .xlsx, with bilingual headers and names so one file serves both languages. */
export async function exportAlarms(alarms: Alarm[]): Promise<Buffer> {
  const wb = await newWorkbook();
  const ws = addSheet(wb, 'alarms', COLUMNS);
  for (const a of alarms) {
    ws.addRow({
      ...a, kind: both(ALARM_KINDS.find((k) => k.kind === a.kind)?.name, a.kind), status: both(ALARM_STATUS_NAMES[a.status], String(a.status)),
      raisedAt: time(a.raisedAt), clearedAt: time(a.clearedAt),
    });
  }
  return workbookBuffer(wb);
}
