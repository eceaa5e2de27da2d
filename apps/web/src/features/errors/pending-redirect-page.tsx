import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../shared/page-title/use-page-title';
import './error-page.css';

interface Props {
  titleKey: 'route.authRedirect';
  messageKey: 'redirect.auth';
}

/** Placeholder for the hidden /auth-redirect page. */
export function PendingRedirectPage({ titleKey, messageKey }: Props) {
  const { t } = useTranslation();
  usePageTitle(t(titleKey));
  return (
    <main className="error-page">
      <Result
        icon={<Spin size="large" />}
        title={t(titleKey)}
        subTitle={t(messageKey)}
        extra={<Link to="/login"><Button>{t('redirect.toLogin')}</Button></Link>}
      />
    </main>
  );
}

export const AuthRedirectPage = () => <PendingRedirectPage titleKey="route.authRedirect" messageKey="redirect.auth" />;
