import { Button, Tooltip } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../shared/stores/app-store';

/** The gear in the top bar that opens the settings panel. */
export function SettingsButton() {
  const { t } = useTranslation();
  const open = useAppStore((s) => s.setSettingsOpen);
  return (
    <Tooltip title={t('shell.settings.title')}>
      <Button type="text" data-testid="settings-button" aria-label={t('shell.settings.title')} icon={<SettingOutlined />} onClick={() => open(true)} />
    </Tooltip>
  );
}
