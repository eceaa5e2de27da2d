import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCT_VERSION } from '@sl/contracts';
import { useAppConfig } from '../../../shared/config/app-config';
import { LangSwitch } from '../../../shared/i18n/lang-switch';
import { useSiteTitle } from '../../../shared/page-title/use-page-title';
import { LoginMethods } from './login-methods';
import './login-page.css';

/** The sign-in page; kept to light antd parts (no Card or Typography) for its JavaScript budget. */
export default function LoginPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const siteTitle = useSiteTitle();
  return (
    <main className="login-page">
      <div className="login-lang">
        <LangSwitch />
      </div>
      <section className="login-card">
        <header className="login-header">
          <img src="/logo.svg" alt="" width={56} height={56} />
          <h1 className="login-title">{siteTitle}</h1>
          <p className="login-welcome">{t('login.welcome')}</p>
        </header>
        {config.data && <LoginMethods config={config.data} />}
        {config.isPending && <Spin style={{ display: 'block', margin: '48px auto' }} />}
        {config.isError && <Alert type="error" showIcon title={config.error.message} />}
        <footer className="login-version">
          {t('app.version')} {config.data?.version ?? PRODUCT_VERSION}
        </footer>
      </section>
    </main>
  );
}
