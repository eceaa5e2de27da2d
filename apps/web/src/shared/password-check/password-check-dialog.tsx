import { useState, type KeyboardEvent } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appConfigQuery } from '../config/app-config';
import { ApiError, feedback } from '../request';
import { useSessionStore } from '../stores/session-store';
import { verifyPassword } from './verify-password';

interface PasswordCheckDialogProps {
  open: boolean;
  /** true once the server confirmed the password, false on cancel. */
  onDone: (confirmed: boolean) => void;
}

/**
 * The 身份验证 dialog of spec §2/§5: the account name, a required password (trimmed, encrypted,
 * Enter confirms), Cancel and Confirm. A refusal is shown as a notification and the dialog stays open.
 */
export function PasswordCheckDialog({ open, onDone }: PasswordCheckDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ password: string }>();
  const userName = useSessionStore((s) => s.info?.userName ?? '');
  const [busy, setBusy] = useState(false);

  const submit = async ({ password }: { password: string }) => {
    if (busy) return;
    setBusy(true);
    try {
      const { passwordKey } = await queryClient.fetchQuery(appConfigQuery);
      await verifyPassword(password.trim(), passwordKey);
      onDone(true);
    } catch (error) {
      if (error instanceof ApiError && !error.shown) feedback.notification().error({ title: error.message || String(error.code) });
    } finally {
      setBusy(false);
    }
  };
  const onEnter = (event: KeyboardEvent) => {
    event.preventDefault(); // no implicit form submission on top of ours
    form.submit();
  };

  return (
    <Modal
      title={t('passwordCheck.title')}
      open={open}
      width={420}
      onCancel={() => onDone(false)}
      destroyOnHidden
      mask={{ closable: false }}
      data-testid="password-check"
      footer={[
        <Button key="cancel" onClick={() => onDone(false)} data-testid="password-check-cancel">{t('passwordCheck.cancel')}</Button>,
        <Button key="confirm" type="primary" loading={busy} onClick={() => form.submit()} data-testid="password-check-confirm">{t('passwordCheck.confirm')}</Button>,
      ]}
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} preserve={false} style={{ marginTop: 16 }}>
        <Form.Item label={t('passwordCheck.account')}>
          <span data-testid="password-check-account">{userName}</span>
        </Form.Item>
        <Form.Item name="password" label={t('passwordCheck.password')} rules={[{ required: true, whitespace: true, message: t('passwordCheck.required') }]}>
          <Input.Password autoFocus autoComplete="current-password" onPressEnter={onEnter} data-testid="password-check-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
