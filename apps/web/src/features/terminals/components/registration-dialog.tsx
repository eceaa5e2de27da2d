import { useState } from 'react';
import { Alert, App, Checkbox, Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Terminal, TerminalWithSecret } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
import { useRegisterTerminal } from '../api/terminals';
import { SecretDialog } from './secret-dialog';

interface Values {
  registerState: 1 | 2;
  regenerateSecret: boolean;
}

/**
 * `/terminal/registered`: registers or unregisters a terminal and, on demand, issues a new device secret, which is
 * shown once (the old one stops working at once).
 */
export function RegistrationDialog({ terminal, onClose }: { terminal: Terminal | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const register = useRegisterTerminal();
  const [issued, setIssued] = useState<TerminalWithSecret | null>(null);
  const regenerate = Form.useWatch('regenerateSecret', form) === true;
  const submit = (v: Values) =>
    register.mutate({ terminalId: terminal!.terminalId, registerState: v.registerState, regenerateSecret: v.regenerateSecret === true }, {
      onSuccess: (answer) => {
        message.success(t('terminal.registrationSaved'));
        if (answer.secret) setIssued({ ...terminal!, registerState: answer.registerState, secret: answer.secret });
        onClose();
      },
    });
  return (
    <>
      <FormDialog<Values>
        form={form}
        open={terminal !== null}
        title={`${t('terminal.registration')} - ${terminal?.name ?? ''}`}
        permission="terminal:terminal:edit"
        initialValues={{ registerState: terminal?.registerState ?? 1, regenerateSecret: false }}
        saving={register.isPending}
        onClose={onClose}
        onSubmit={submit}
        width={480}
      >
        <Form.Item name="registerState" label={t('terminal.registered')}>
          <Radio.Group options={[1, 2].map((v) => ({ value: v, label: t(`terminal.registered.${v}`) }))} data-testid="field-registerState" />
        </Form.Item>
        <Form.Item name="regenerateSecret" valuePropName="checked">
          <Checkbox data-testid="field-regenerateSecret">{t('terminal.regenerateSecret')}</Checkbox>
        </Form.Item>
        {regenerate && <Alert type="warning" showIcon message={t('terminal.regenerateHint')} />}
      </FormDialog>
      <SecretDialog terminal={issued} onClose={() => setIssued(null)} />
    </>
  );
}
