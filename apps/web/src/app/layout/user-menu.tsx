import { Dropdown, Switch, type MenuProps } from 'antd';
import { LogoutOutlined, NotificationOutlined, SettingOutlined, SoundOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../../features/auth';
import { UserAvatar } from '../../shared/avatar/user-avatar';
import { useAppStore } from '../../shared/stores/app-store';
import { useSessionStore } from '../../shared/stores/session-store';
import { useShellPrefs } from '../../shared/stores/shell-prefs-store';

const toggleLabel = (testId: string, text: string, on: boolean) => (
  <span className="user-menu-toggle" data-testid={testId} data-checked={on ? 'true' : 'false'}>
    {text}
    <Switch size="small" checked={on} tabIndex={-1} />
  </span>
);

/** Avatar and nick name with the personal centre, settings, speech and notice pop-up toggles, and log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useSessionStore((s) => s.info);
  const { speechEnabled, noticePopup, setSpeechEnabled, setNoticePopup } = useShellPrefs();
  const openSettings = useAppStore((s) => s.setSettingsOpen);
  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: <span data-testid="profile-link">{t('nav.profile')}</span> },
    { key: 'settings', icon: <SettingOutlined />, label: <span data-testid="menu-settings">{t('shell.settings.title')}</span> },
    { type: 'divider' },
    { key: 'speech', icon: <SoundOutlined />, label: toggleLabel('menu-speech', t('shell.speech'), speechEnabled) },
    { key: 'noticePopup', icon: <NotificationOutlined />, label: toggleLabel('menu-notice-popup', t('shell.noticePopup'), noticePopup) },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">{t('nav.logout')}</span> },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') return void navigate('/profile/index');
    if (key === 'settings') return openSettings(true);
    if (key === 'speech') return setSpeechEnabled(!speechEnabled);
    if (key === 'noticePopup') return setNoticePopup(!noticePopup);
    void signOut(queryClient, info?.userId).then(() => navigate('/login', { replace: true }));
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <button type="button" className="user-menu-trigger" data-testid="user-menu">
        <UserAvatar avatar={info?.avatar} size="small" />
        <span className="user-menu-name">{info?.nickName || info?.userName}</span>
      </button>
    </Dropdown>
  );
}
