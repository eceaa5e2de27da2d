import { useEffect } from 'react';
import { Alert, Button, Card, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LangSwitch } from '../../../shared/i18n/lang-switch';
import { usePageTitle } from '../../../shared/page-title/use-page-title';
import { useWxCode } from './use-wx-code';
import { WxBindForm } from './wx-bind-form';
import './login-page.css';

/** /wxcode-redirect?code=&state=: where the messaging app sends the user back after confirming. */
export default function WxcodeRedirectPage() {
  const { t } = useTranslation();
  usePageTitle(t('route.wxcodeRedirect'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const flow = useWxCode(params.get('code'));
  const outcome = flow.data;
  useEffect(() => {
    if (outcome?.step === 'done') void navigate(outcome.target, { replace: true });
  }, [outcome, navigate]);
  const back = <Link to="/login" replace><Button data-testid="wx-back-login">{t('redirect.toLogin')}</Button></Link>;
  return (
    <main className="login-page">
      <div className="login-lang"><LangSwitch /></div>
      <Card className="login-card" variant="borderless" title={t('route.wxcodeRedirect')}>
        {(!outcome || outcome.step === 'done') && <Result icon={<Spin size="large" />} title={t('wx.signingIn')} />}
        {outcome?.step === 'error' && (
          <Result status="error" title={t('wx.failed')} subTitle={<span data-testid="wx-error">{outcome.message}</span>} extra={back} />
        )}
        {outcome?.step === 'bind' && (
          <>
            <Alert type="info" showIcon title={t('wx.bindHint')} style={{ marginBottom: 20 }} />
            <WxBindForm auth={outcome.auth} />
            <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
              <Link to="/login" replace>{t('redirect.toLogin')}</Link>
            </Typography.Paragraph>
          </>
        )}
      </Card>
    </main>
  );
}
