import { App, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { terminalStatusUpdate, type TerminalListItem } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
import { zodRule } from '../../../shared/form/zod-rule';
import { useTerminalStatus } from '../api/terminals';
import { terminalOptions } from './terminal-options';

interface Values {
  status: 1 | 2 | 3 | 4 | 5;
  reason: string;
}

/** Moves a terminal along its life (factory, warehouse, in use, repair, scrapped) with a reason; the server refuses moves that are not allowed. */
export function StatusDialog({ terminal, onClose }: { terminal: TerminalListItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const change = useTerminalStatus();
  const options = terminalOptions().editableStatus.filter((o) => o.value !== terminal?.status);
  const submit = (v: Values) =>
    change.mutate({ terminalId: terminal!.terminalId, ...v }, {
      onSuccess: () => {
        message.success(t('terminal.statusChanged'));
        onClose();
      },
    });
  return (
    <FormDialog<Values> form={form} open={terminal !== null} title={`${t('terminal.changeStatus')} - ${terminal?.name ?? ''}`} permission="terminal:terminal:status" saving={change.isPending} onClose={onClose} onSubmit={submit} width={480}>
      <Form.Item name="status" label={t('terminal.newStatus')} rules={[zodRule(terminalStatusUpdate.shape.status, t('terminal.newStatus'))]}>
        <Select options={options} data-testid="field-status" />
      </Form.Item>
      <Form.Item name="reason" label={t('terminal.reason')} rules={[{ required: true, whitespace: true, message: t('terminal.reasonRequired') }, zodRule(terminalStatusUpdate.shape.reason, t('terminal.reason'))]}>
        <Input.TextArea rows={3} maxLength={255} data-testid="field-reason" />
      </Form.Item>
    </FormDialog>
  );
}
