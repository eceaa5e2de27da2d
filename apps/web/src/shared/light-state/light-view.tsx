import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LightStates } from '@sl/contracts';
import { formatTime } from '../time/format-time';

/** Who rules the lamp: its program, or a manual switch and when it ends. */
export function ControlModeText({ mode, manualUntil }: { mode: string | null; manualUntil: number | null }) {
  const { t } = useTranslation();
  const text = mode !== 'manual' ? t('light.mode.auto') : manualUntil ? t('light.mode.manualUntil', { time: formatTime(manualUntil) }) : t('light.mode.manual');
  return <span data-testid="control-mode" data-mode={mode ?? 'auto'} data-until={manualUntil ?? ''}>{text}</span>;
}

/** The relay the terminal reports (feedback) beside the light it measures (actual): a closed relay on a dead lamp is dark. */
export function LightView({ light }: { light: LightStates }) {
  const { t } = useTranslation();
  const { feedback, actual } = light;
  return (
    <Space size={4} wrap data-testid="light-view" data-actual={actual ? 'lit' : 'dark'} data-feedback={feedback.on ? 'on' : 'off'}>
      <Typography.Text type="secondary">{t('light.feedback')}:</Typography.Text>
      <Tag>{feedback.on ? `${t('light.on')}${feedback.dim !== null ? ` ${feedback.dim} %` : ''}` : t('light.off')}</Tag>
      <Typography.Text type="secondary">{t('light.actual')}:</Typography.Text>
      <Tag color={actual ? 'gold' : 'default'}>{actual ? t('light.lit') : t('light.dark')}</Tag>
      {light.lampFailure && <Tag color="red">{t('light.lampFailure')}</Tag>}
    </Space>
  );
}
