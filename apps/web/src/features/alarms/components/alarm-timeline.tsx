import { Timeline, Typography } from 'antd';
import type { AlarmLogRow } from '@sl/contracts';
import { formatTime } from '../../../shared/time/format-time';
import { useAlarmNames } from './alarm-names';

const COLORS: Record<string, string> = { raise: 'red', complete: 'green', deviceCleared: 'cyan', verificationCleared: 'cyan', rollBack: 'gray', recall: 'gray' };

/** The alarm log as a timeline: when, what, who, from which status to which, the note. */
export function AlarmTimeline({ rows }: { rows: AlarmLogRow[] }) {
  const names = useAlarmNames();
  const items = [...rows].reverse().map((r) => ({
    color: COLORS[r.event] ?? 'blue',
    content: (
      <div data-testid={`timeline-${r.event}`}>
        <Typography.Text strong>{names.event(r.event)}</Typography.Text>{' '}
        <Typography.Text type="secondary">
          {r.fromStatus ? `${names.status(r.fromStatus)} → ` : ''}{names.status(r.toStatus)} · {r.userName || '—'} · {formatTime(r.at)}
        </Typography.Text>
        {r.note && <div>{r.note}</div>}
      </div>
    ),
  }));
  return <Timeline items={items} data-testid="alarm-timeline" />;
}
