import { useState } from 'react';
import { Badge, Button, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ALARM_BADGE_MAX } from '@sl/contracts';
import { useAlarmSpeech } from '../../../shared/speech';
import { useShellPrefs } from '../../../shared/stores/shell-prefs-store';
import { useAlarmCounter } from '../api/alarm-counter';
import { AlarmPopover } from './alarm-popover';
import { useAlarmPushes } from './use-alarm-pushes';
import { useOpenKinds } from './use-open-kinds';
import './alarm-bell.css';

/** The top bar's alarm bell: open alarms (at most 99 shown) and which, latest unread alarms, speech announcements. */
export function AlarmBell() {
  const { t } = useTranslation();
  const { allowed, open: count, openByKind, unread, latest, loaded } = useAlarmCounter();
  const speech = useShellPrefs((s) => s.speechEnabled);
  const [open, setOpen] = useState(false);
  const which = useOpenKinds(openByKind);
  useAlarmPushes();
  useAlarmSpeech(speech && loaded, count, which);
  if (!allowed) return null;
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={t('alarmBell.title', { n: count })}
      content={<AlarmPopover which={which} latest={latest} unread={unread} onNavigate={() => setOpen(false)} />}
    >
      <Button type="text" data-testid="alarm-bell">
        {/* The name comes from this text, the count included; the badge's animated digits stay out of it. */}
        <span className="sr-only">{t('alarmBell.title', { n: count })}</span>
        <span aria-hidden="true">
          <Badge count={count} overflowCount={ALARM_BADGE_MAX} size="small" data-testid="alarm-badge" data-count={count}>
            <BellOutlined />
          </Badge>
        </span>
      </Button>
    </Popover>
  );
}
