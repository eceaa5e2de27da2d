import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULE } from '@sl/contracts';
import { useAppConfig } from '../../../shared/config/app-config';
import { passwordPolicyRule } from '../../../shared/form/password-policy-rule';
import { useSessionStore } from '../../../shared/stores/session-store';
import { feedback } from '../../../shared/request';
import { useChangePassword } from '../api/change-password';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function PasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const config = useAppConfig();
  const change = useChangePassword();
  const userName = useSessionStore((s) => s.info?.userName ?? '');
  const policy = passwordPolicyRule(config.data?.passwordPolicy, () => userName);
  const length = { min: PASSWORD_RULE.min, max: PASSWORD_RULE.max, message: t('profile.passwordLength', PASSWORD_RULE) };
  const submit = ({ oldPassword, newPassword }: Values) =>
    change.mutate(
      { oldPassword, newPassword, passwordKey: config.data?.passwordKey ?? '' },
      { onSuccess: () => { form.resetFields(); feedback.message().success(t('profile.passwordChanged')); } },
    );
  const matches = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_: unknown, value: string) =>
      !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('profile.passwordMismatch'))),
  });
  return (
    <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 480 }} data-testid="password-form">
      <Form.Item name="oldPassword" label={t('profile.oldPassword')} rules={[{ required: true, message: t('profile.oldPasswordRequired') }]}>
        <Input.Password data-testid="field-oldPassword" autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('profile.newPassword')} rules={[{ required: true, message: t('profile.newPasswordRequired') }, length, policy]}>
        <Input.Password data-testid="field-newPassword" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label={t('profile.confirmPassword')} dependencies={['newPassword']} rules={[{ required: true, message: t('profile.confirmRequired') }, matches]}>
        <Input.Password data-testid="field-confirmPassword" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending} disabled={!config.data} data-testid="password-save">
        {t('profile.changePassword')}
      </Button>
    </Form>
  );
}
