import { Dropdown, type MenuProps } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../../features/auth';
import { UserAvatar } from '../../shared/avatar/user-avatar';
import { useSessionStore } from '../../shared/stores/session-store';

/** Avatar and nick name with the personal centre and log-out entries. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useSessionStore((s) => s.info);
  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: <span data-testid="profile-link">{t('nav.profile')}</span> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">{t('nav.logout')}</span> },
  ];
  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'profile') return navigate('/profile/index');
    await signOut(queryClient, info?.userId);
    navigate('/login', { replace: true });
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
