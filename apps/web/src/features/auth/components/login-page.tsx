import { Alert, Card, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCT_VERSION } from '@sl/contracts';
import { useAppConfig } from '../../../shared/config/app-config';
import { LangSwitch } from '../../../shared/i18n/lang-switch';
import { useSiteTitle } from '../../../shared/page-title/use-page-title';
import { LoginMethods } from './login-methods';
import './login-page.css';

export default function LoginPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const siteTitle = useSiteTitle();
  return (
    <main className="login-page">
      <div className="login-lang">
        <LangSwitch />
      </div>
      <Card className="login-card" variant="borderless">
        <header className="login-header">
          <img src="/logo.svg" alt="" width={56} height={56} />
          <Typography.Title level={3} className="login-title">{siteTitle}</Typography.Title>
          <Typography.Text type="secondary">{t('login.welcome')}</Typography.Text>
        </header>
        {config.data && <LoginMethods config={config.data} />}
        {config.isPending && <Spin style={{ display: 'block', margin: '48px auto' }} />}
        {config.isError && <Alert type="error" showIcon title={config.error.message} />}
        <footer className="login-version">
          {t('app.version')} {config.data?.version ?? PRODUCT_VERSION}
        </footer>
      </Card>
    </main>
  );
}
