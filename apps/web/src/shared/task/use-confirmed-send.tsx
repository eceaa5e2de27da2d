import type { ReactNode } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePasswordCheck } from '../password-check';

export interface ConfirmOptions {
  title: string;
  content?: ReactNode;
  /** Switching a cabinet or many terminals asks for the user's password first (spec's 身份验证 dialog). */
  passwordCheck?: boolean;
  danger?: boolean;
}

/** Every command asks for confirmation; sensitive ones ask for the password first. Render `dialog` once. */
export function useConfirmedSend(): [confirm: (o: ConfirmOptions) => Promise<boolean>, dialog: ReactNode] {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [checkPassword, dialog] = usePasswordCheck();
  const ask = (o: ConfirmOptions) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: o.title,
        content: o.content,
        okText: t('task.send'),
        cancelText: t('common.cancel'),
        okButtonProps: { danger: o.danger, ...{ 'data-testid': 'confirm-ok' } },
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  const confirm = async (o: ConfirmOptions) => (!o.passwordCheck || (await checkPassword())) && (await ask(o));
  return [confirm, dialog];
}
