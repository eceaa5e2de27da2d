import { useEffect, useState } from 'react';
import { App, Button, Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Enters or leaves browser full screen; warns where the Fullscreen API is unavailable (spec §8). */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled || !document.documentElement.requestFullscreen) {
      void message.warning(t('shell.fullscreenUnsupported'));
      return;
    }
    const change = full ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    change.catch(() => message.warning(t('shell.fullscreenUnsupported')));
  };
  const label = t(full ? 'shell.fullscreenExit' : 'shell.fullscreen');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        data-testid="fullscreen-toggle"
        data-fullscreen={full ? 'true' : 'false'}
        aria-label={label}
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}
