import { Alert, Card, Col, Row, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProfile } from './api/get-profile';
import { AvatarUpload } from './components/avatar-upload';
import { PasswordForm } from './components/password-form';
import { ProfileCard } from './components/profile-card';
import { ProfileForm } from './components/profile-form';
import './profile-page.css';

/** Personal centre: the user's card, and tabs to edit the profile, change the password and upload an avatar. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  if (profile.isError) return <Alert type="error" showIcon title={profile.error.message} />;
  if (!profile.data) return <Skeleton active />;
  const tabs = [
    { key: 'edit', label: <span data-testid="profile-tab-edit">{t('profile.tabEdit')}</span>, children: <ProfileForm user={profile.data} /> },
    { key: 'password', label: <span data-testid="profile-tab-password">{t('profile.tabPassword')}</span>, children: <PasswordForm /> },
    { key: 'avatar', label: <span data-testid="profile-tab-avatar">{t('profile.tabAvatar')}</span>, children: <AvatarUpload /> },
  ];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <ProfileCard user={profile.data} />
      </Col>
      <Col xs={24} lg={16}>
        <Card title={t('profile.settings')}>
          <Tabs items={tabs} />
        </Card>
      </Col>
    </Row>
  );
}
