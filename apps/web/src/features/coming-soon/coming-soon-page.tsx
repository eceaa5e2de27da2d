import { Button, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '@sl/contracts';

/** Placeholder for menu pages whose module has not been built yet; never a blank screen. */
export function ComingSoonPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Result
      data-testid="coming-soon"
      style={{ background: 'var(--sl-bg-container)', borderRadius: 8, padding: '64px 24px' }}
      icon={<ToolOutlined style={{ color: '#1890ff' }} />}
      title={title}
      subTitle={t('comingSoon.subtitle')}
      extra={
        <Link to={HOME_PATH}>
          <Button type="primary">{t('error.backHome')}</Button>
        </Link>
      }
    />
  );
}
