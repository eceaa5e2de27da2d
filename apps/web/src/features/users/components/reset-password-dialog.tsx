import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SysUser } from '@sl/contracts';
import { useAppConfig } from '../../../shared/config/app-config';
import { encryptPassword } from '../../../shared/crypto/encrypt-password';
import { FormDialog } from '../../../shared/form/form-dialog';
import { useResetPassword } from '../api/user-mutations';
import { passwordRules } from './password-rules';

export function ResetPasswordDialog({ user, onClose }: { user: SysUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const config = useAppConfig().data;
  const key = config?.passwordKey ?? '';
  const reset = useResetPassword();
  const label = t('user.newPassword');
  const submit = ({ password }: { password: string }) =>
    reset.mutate(
      { userId: user!.userId, password: encryptPassword(password.trim(), key) },
      { onSuccess: () => (message.success(t('user.resetPwdDone')), onClose()) },
    );
  return (
    <FormDialog form={form} open={user !== null} width={420} title={t('user.resetPwdTitle', { name: user?.username })} permission="system:sysuser:resetPwd" saving={reset.isPending} onClose={onClose} onSubmit={submit}>
      <Form.Item
        name="password"
        label={label}
        rules={passwordRules(t, label, config?.passwordPolicy, () => user?.username ?? '')}
      >
        <Input.Password data-testid="field-password" autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}
