import { Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SysUser } from '@sl/contracts';
import { UserAvatar } from '../../../shared/avatar/user-avatar';
import { useSessionStore } from '../../../shared/stores/session-store';
import { formatTime } from '../../../shared/time/format-time';
import { roleLabel } from '../../../shared/role/role-label';

export function ProfileCard({ user }: { user: SysUser }) {
  const { t } = useTranslation();
  const avatar = useSessionStore((s) => s.info?.avatar ?? user.avatar);
  const items = [
    { key: 'username', label: t('profile.userName'), children: user.username },
    { key: 'nickName', label: t('profile.nickName'), children: user.nickName },
    { key: 'dept', label: t('profile.dept'), children: user.deptName || '-' },
    { key: 'roles', label: t('profile.roles'), children: user.roleNames.map((r) => <Tag key={r}>{roleLabel(r)}</Tag>) },
    { key: 'phone', label: t('profile.phone'), children: user.phone || '-' },
    { key: 'email', label: t('profile.email'), children: user.email || '-' },
    { key: 'createdAt', label: t('profile.createdAt'), children: formatTime(user.createdAt) },
  ];
  return (
    <Card title={t('profile.card')} data-testid="profile-card">
      <div className="profile-card-head">
        <UserAvatar avatar={avatar} size={96} />
        <Typography.Title level={4}>{user.nickName || user.username}</Typography.Title>
        <Typography.Paragraph type="secondary">{user.introduction || t('profile.noIntroduction')}</Typography.Paragraph>
      </div>
      <Descriptions column={1} size="small" items={items} />
    </Card>
  );
}
