import { Button, Card, Col, Descriptions, Row, Tag, Tooltip, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SAVE_PERMISSION } from '@sl/contracts';
import { Access } from '../../shared/permission/access';
import { useSessionStore } from '../../shared/stores/session-store';
import { formatTime, relativeTime } from '../../shared/time/format-time';
import { UserAvatar } from '../../shared/avatar/user-avatar';

/** Personal centre: the signed-in user's information (editing comes later). */
export default function ProfilePage() {
  const { t } = useTranslation();
  const info = useSessionStore((s) => s.info);
  const loadedAt = useSessionStore((s) => s.loadedAt);
  if (!info) return null;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <Card style={{ textAlign: 'center' }}>
          <UserAvatar avatar={info.avatar} size={96} />
          <Typography.Title level={4} style={{ marginBottom: 4 }}>{info.nickName || info.userName}</Typography.Title>
          <Typography.Paragraph type="secondary">{info.introduction || t('profile.noIntroduction')}</Typography.Paragraph>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card
          title={t('route.profile')}
          extra={
            <Access permissions={[SAVE_PERMISSION]}>
              <Tooltip title={t('profile.saveLater')}>
                <Button type="primary" icon={<SaveOutlined />} disabled data-testid="profile-save">{t('profile.save')}</Button>
              </Tooltip>
            </Access>
          }
        >
          <Descriptions column={1} bordered size="middle">
            <Descriptions.Item label={t('profile.userName')}>{info.userName}</Descriptions.Item>
            <Descriptions.Item label={t('profile.nickName')}>{info.nickName}</Descriptions.Item>
            <Descriptions.Item label={t('profile.roles')}>{info.roles.map((r) => <Tag key={r}>{r}</Tag>)}</Descriptions.Item>
            <Descriptions.Item label={t('profile.dept')}>{info.deptId ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('profile.uniqueId')}>{info.uniqueId || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('profile.permissions')}>{info.permissions.length}</Descriptions.Item>
            <Descriptions.Item label={t('profile.loadedAt')}>
              {formatTime(loadedAt)} ({relativeTime(loadedAt)})
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
    </Row>
  );
}
