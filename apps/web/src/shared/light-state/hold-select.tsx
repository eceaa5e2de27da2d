import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { MANUAL_HOLD_DEFAULT_MIN, type ManualHold } from '@sl/contracts';

const CHOICES: ManualHold[] = [30, 60, MANUAL_HOLD_DEFAULT_MIN, 240, 480, 'nextStep'];

/** How long a switch by hand holds before the terminal returns to its program: minutes, or until the program's next step. */
export function HoldSelect({ value, onChange, size }: { value: ManualHold; onChange: (v: ManualHold) => void; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const label = (c: ManualHold) => (c === 'nextStep' ? t('hold.nextStep') : c < 60 ? t('hold.minutes', { n: c }) : t('hold.hours', { n: c / 60 }));
  return (
    <Select<ManualHold>
      size={size}
      value={value}
      onChange={onChange}
      style={{ minWidth: 120 }}
      popupMatchSelectWidth={false}
      title={t('hold.hint')}
      aria-label={t('hold.label')}
      options={CHOICES.map((c) => ({ value: c, label: `${t('hold.label')} ${label(c)}` }))}
      data-testid="hold-select"
    />
  );
}
