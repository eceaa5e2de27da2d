import { Button, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Alarm } from '@sl/contracts';
import { relativeTime } from '../../../shared/time/format-time';
import { useClearAlarmReads } from '../api/alarm-counter';

export const ALARM_LIST_PATH = '/bjsz/list';

/** Which alarms are open, the latest unread alarms, a link to the alarm list and "mark all read". */
export function AlarmPopover({ which, latest, unread, onNavigate }: { which: string; latest: Alarm[]; unread: number; onNavigate: () => void }) {
  const { t } = useTranslation();
  const clear = useClearAlarmReads();
  return (
    <div className="alarm-popover" data-testid="alarm-popover">
      {which && <Typography.Paragraph type="secondary" data-testid="alarm-popover-open">{which}</Typography.Paragraph>}
      {latest.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarmBell.none')} />
      ) : (
        <List
          size="small"
          dataSource={latest}
          renderItem={(a) => (
            <List.Item key={a.alarmId} data-testid="alarm-popover-item">
              <List.Item.Meta title={<Typography.Text ellipsis>{a.terminalName ?? a.sn}</Typography.Text>} description={`${t(`alarmBell.kind.${a.kind}`, { defaultValue: a.message })} · ${relativeTime(a.raisedAt)}`} />
            </List.Item>
          )}
        />
      )}
      <div className="alarm-popover-footer">
        <Button size="small" type="link" disabled={unread === 0} loading={clear.isPending} onClick={() => clear.mutate()}>{t('alarmBell.markAllRead')}</Button>
        <Link to={ALARM_LIST_PATH} onClick={onNavigate} data-testid="alarm-popover-link">{t('alarmBell.viewAll')}</Link>
      </div>
    </div>
  );
}
