import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ONLINE_COLOURS, STATUS_COLOURS } from './terminal-options';

export function OnlineTag({ state }: { state: number }) {
  const { t } = useTranslation();
  return <Tag color={ONLINE_COLOURS[state]} data-testid="online-tag" data-state={state}>{t(`terminal.online.${state}`)}</Tag>;
}

export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOURS[status]}>{t(`terminal.status.${status}`)}</Tag>;
}

/** On (gold), off (grey) or unknown before the first heartbeat. */
export function LampTag({ on }: { on: boolean | null }) {
  const { t } = useTranslation();
  const key = on === null ? 'unknown' : on ? 'on' : 'off';
  return <Tag color={on ? 'gold' : 'default'} data-testid="lamp-tag" data-lamp={key}>{t(`terminal.lamp.${key}`)}</Tag>;
}
