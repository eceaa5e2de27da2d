import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '@sl/contracts';
import { LangSwitch } from '../../shared/i18n/lang-switch';
import { usePageTitle } from '../../shared/page-title/use-page-title';
import './error-page.css';

/** A full-page error with a way home; the code names its title, message and test id. */
export function ErrorPage({ code, status }: { code: '404' | '401'; status: '404' | '403' }) {
  const { t } = useTranslation();
  usePageTitle(t(`route.${code}`));
  return (
    <main className="error-page" data-testid={`page-${code}`}>
      <div className="error-page-lang"><LangSwitch size="small" /></div>
      <Result
        status={status}
        title={code}
        subTitle={t(`error.${code}`)}
        extra={<Link to={HOME_PATH}><Button type="primary">{t('error.backHome')}</Button></Link>}
      />
    </main>
  );
}
