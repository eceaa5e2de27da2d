import { Tag } from 'antd';
import { severityOf } from '@sl/contracts';
import { useAlarmNames } from './alarm-names';

const STATUS_COLORS: Record<number, string> = { 1: 'red', 2: 'orange', 3: 'gold', 4: 'processing', 5: 'success', 6: 'cyan', 7: 'default' };
// antd presets: global.css takes their text to the AA shades (#a8071a, #ad4e00, #874d00) in the light theme, and
// the dark theme's presets read on their dark backgrounds (a fixed hex drew a white tag there).
const SEVERITY_COLORS: Record<number, string> = { 1: 'red', 2: 'orange', 3: 'gold' };

export function AlarmStatusTag({ status }: { status: number }) {
  return <Tag color={STATUS_COLORS[status]} data-testid={`alarm-status-${status}`}>{useAlarmNames().status(status)}</Tag>;
}

/** The kind in its severity colour (critical red, major orange, minor gold): the alarm's own, else the catalogue's. */
export function AlarmKindTag({ kind, severity }: { kind: string; severity?: number }) {
  return <Tag color={SEVERITY_COLORS[severity ?? severityOf(kind)]}>{useAlarmNames().kind(kind)}</Tag>;
}
