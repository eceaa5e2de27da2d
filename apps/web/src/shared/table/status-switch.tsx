import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../request';

export type Status = '1' | '2';

interface StatusSwitchProps {
  status: Status;
  name: string;
  onChange: (next: Status) => Promise<unknown>;
  disabled?: boolean;
}

/** go-admin status ('2' normal, '1' disabled) as a Switch that asks before changing. */
export function StatusSwitch({ status, name, onChange, disabled }: StatusSwitchProps) {
  const { t } = useTranslation();
  const ask = (checked: boolean) => {
    const next: Status = checked ? '2' : '1';
    feedback.confirm({
      title: t('common.confirmTitle'),
      content: t(checked ? 'common.confirmEnable' : 'common.confirmDisable', { name }),
      okButtonProps: { 'data-testid': 'confirm-ok' },
      onOk: () => onChange(next),
    });
  };
  return (
    <Switch
      data-testid="status-switch"
      checked={status === '2'}
      disabled={disabled}
      checkedChildren={t('common.statusNormal')}
      unCheckedChildren={t('common.statusDisabled')}
      onChange={ask}
    />
  );
}
