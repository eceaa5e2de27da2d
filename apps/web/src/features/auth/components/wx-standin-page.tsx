import { Alert, Button, Card, Form, Input, Result } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { WX_STANDIN_DEMO_OPEN_ID, wxOpenIdField, wxStandinQuery } from '@sl/contracts';
import { useAppConfig } from '../../../shared/config/app-config';
import { encryptPassword } from '../../../shared/crypto/encrypt-password';
import { zodRule } from '../../../shared/form/zod-rule';
import { LangSwitch } from '../../../shared/i18n/lang-switch';
import { usePageTitle } from '../../../shared/page-title/use-page-title';
import { confirmStandin } from '../api/wx';
import './login-page.css';

interface Values {
  openId: string;
  password?: string;
}

/** /wx-standin?state=: the demo stand-in for the messaging app, what a phone shows after scanning the QR code. */
export default function WxStandinPage() {
  const { t } = useTranslation();
  usePageTitle(t('wx.standinTitle'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const key = useAppConfig().data?.passwordKey;
  const link = wxStandinQuery.safeParse({ state: params.get('state') ?? '', openId: params.get('openId') || undefined });
  const confirm = useMutation({
    mutationFn: ({ openId, password }: Values) =>
      confirmStandin({ state: link.data!.state, openId: openId.trim(), ...(password ? { password: encryptPassword(password, key ?? '') } : {}) }),
    onSuccess: ({ redirect }) => navigate(redirect, { replace: true }),
  });
  const back = <Link to="/login" replace><Button>{t('redirect.toLogin')}</Button></Link>;
  return (
    <main className="login-page">
      <div className="login-lang"><LangSwitch /></div>
      <Card className="login-card" variant="borderless" title={t('wx.standinTitle')}>
        {!link.success ? (
          <Result status="error" title={t('wx.standinBadLink')} extra={back} />
        ) : (
          <>
            <Alert type="warning" showIcon title={t('wx.standinHint')} style={{ marginBottom: 20 }} data-testid="wx-standin-hint" />
            {confirm.error && <Alert type="error" showIcon title={confirm.error.message} style={{ marginBottom: 20 }} data-testid="wx-standin-error" />}
            <Form<Values> layout="vertical" size="large" initialValues={{ openId: link.data.openId ?? WX_STANDIN_DEMO_OPEN_ID }} onFinish={(v) => confirm.mutate(v)}>
              <Form.Item name="openId" label={t('wx.standinOpenId')} rules={[zodRule(wxOpenIdField, t('wx.standinOpenId'))]} required>
                <Input data-testid="wx-standin-openid" prefix={<UserOutlined />} autoComplete="off" />
              </Form.Item>
              <Form.Item name="password" label={t('wx.standinPassword')} extra={t('wx.standinPasswordExtra')}>
                <Input.Password data-testid="wx-standin-password" prefix={<LockOutlined />} autoComplete="current-password" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={confirm.isPending} disabled={!key} data-testid="wx-standin-confirm">
                {t('wx.standinConfirm')}
              </Button>
            </Form>
          </>
        )}
      </Card>
    </main>
  );
}
