import { useEffect } from 'react';
import { Button, Checkbox, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PublicConfig } from '@sl/contracts';
import { useCaptcha } from '../api/captcha';
import { CaptchaField } from './captcha-field';
import { loadRememberedCredentials } from './remembered-credentials';
import { useLogin, type LoginValues } from './use-login';
import { useRevalidateOnLanguage } from './use-revalidate-on-language';

export function LoginForm({ config }: { config: PublicConfig }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginValues>();
  const captcha = useCaptcha(config.captcha);
  const refreshCaptcha = () => void captcha.refetch();
  const signIn = useLogin(() => {
    form.setFieldValue('code', '');
    if (config.captcha) refreshCaptcha();
  });
  useRevalidateOnLanguage(form);

  useEffect(() => {
    const remembered = loadRememberedCredentials(config.passwordKey);
    if (remembered) form.setFieldsValue(remembered);
  }, [config.passwordKey, form]);

  const submit = (values: LoginValues) =>
    signIn.mutate({ ...values, uuid: captcha.data?.uuid ?? '', passwordKey: config.passwordKey });

  return (
    <Form form={form} onFinish={submit} size="large" autoComplete="on" initialValues={{ remember: false }}>
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
        <Input data-testid="login-username" prefix={<UserOutlined />} placeholder={t('login.username')} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, whitespace: true, message: t('login.passwordRequired') }]}>
        <Input.Password data-testid="login-password" prefix={<LockOutlined />} placeholder={t('login.password')} autoComplete="current-password" />
      </Form.Item>
      {config.captcha && (
        <CaptchaField image={captcha.data?.image} loading={captcha.isFetching} onRefresh={refreshCaptcha} />
      )}
      <Form.Item name="remember" valuePropName="checked">
        <Checkbox data-testid="login-remember">{t('login.remember')}</Checkbox>
      </Form.Item>
      <Button data-testid="login-submit" type="primary" htmlType="submit" block loading={signIn.isPending}>
        {signIn.isPending ? t('login.submitting') : t('login.submit')}
      </Button>
    </Form>
  );
}
