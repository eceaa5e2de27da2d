import { Button, Form, Input } from 'antd';
import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { phoneField } from '@sl/contracts';
import { useAppConfig } from '../../../shared/config/app-config';
import { encryptPassword } from '../../../shared/crypto/encrypt-password';
import { zodRule } from '../../../shared/form/zod-rule';
import { wxBindUser } from '../api/wx';
import { completeSignIn } from '../session/complete-sign-in';
import type { WxAuth } from '../wx-flow';

interface Values {
  username: string;
  password: string;
  phone: string;
}

/** Links the app's open id to a console account whose password the user proves, then signs in. */
export function WxBindForm({ auth }: { auth: WxAuth }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const bind = useMutation({
    mutationFn: async ({ username, password, phone }: Values) => {
      const result = await wxBindUser({ ...auth, username: username.trim(), phone: phone.trim(), password: encryptPassword(password, config.data?.passwordKey ?? '') });
      if (!result.bound) throw new Error(t('wx.bindFailed'));
      return completeSignIn(result.token, queryClient, null);
    },
    onSuccess: (target) => navigate(target, { replace: true }),
  });
  return (
    <Form<Values> layout="vertical" size="large" onFinish={(v) => bind.mutate(v)} data-testid="wx-bind-form">
      <Form.Item name="username" label={t('login.username')} rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
        <Input data-testid="wx-bind-username" prefix={<UserOutlined />} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
        <Input.Password data-testid="wx-bind-password" prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="phone" label={t('wx.phone')} rules={[{ required: true, whitespace: true, message: t('wx.phoneRequired') }, zodRule(phoneField, t('wx.phone'))]}>
        <Input data-testid="wx-bind-phone" prefix={<MobileOutlined />} autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={bind.isPending} disabled={!config.data} data-testid="wx-bind-submit">
        {t('wx.bindSubmit')}
      </Button>
    </Form>
  );
}
