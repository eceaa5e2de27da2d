import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '@sl/contracts';
import { LangSwitch } from '../../shared/i18n/lang-switch';
import { usePageTitle } from '../../shared/page-title/use-page-title';
import './error-page.css';

export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('route.404'));
  return (
    <main className="error-page" data-testid="page-404">
      <div className="error-page-lang"><LangSwitch size="small" /></div>
      <Result
        status="404"
        title="404"
        subTitle={t('error.404')}
        extra={<Link to={HOME_PATH}><Button type="primary">{t('error.backHome')}</Button></Link>}
      />
    </main>
  );
}
