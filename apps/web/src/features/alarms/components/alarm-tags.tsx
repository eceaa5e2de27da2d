import { Tag } from 'antd';
import { severityOf } from '@sl/contracts';
import { useAlarmNames } from './alarm-names';

const STATUS_COLORS: Record<number, string> = { 1: 'red', 2: 'orange', 3: 'gold', 4: 'processing', 5: 'success', 6: 'cyan', 7: 'default' };
// Dark enough for white text at WCAG AA (4.5:1).
const SEVERITY_COLORS: Record<number, string> = { 1: '#a8071a', 2: '#ad4e00', 3: '#874d00' };

export function AlarmStatusTag({ status }: { status: number }) {
  return <Tag color={STATUS_COLORS[status]} data-testid={`alarm-status-${status}`}>{useAlarmNames().status(status)}</Tag>;
}

/** The kind in its severity colour (critical red, major orange, minor gold): the alarm's own, else the catalogue's. */
export function AlarmKindTag({ kind, severity }: { kind: string; severity?: number }) {
  return <Tag color={SEVERITY_COLORS[severity ?? severityOf(kind)]}>{useAlarmNames().kind(kind)}</Tag>;
}
