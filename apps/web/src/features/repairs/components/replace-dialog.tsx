import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { repairReplace, type RepairReplace } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
import { zodRule } from '../../../shared/form/zod-rule';
import { TerminalSelect } from '../../../shared/log-page';
import { feedback } from '../../../shared/request';
import { searchSpares, useReplace } from '../api/repairs';

const f = repairReplace.shape;

/** Swaps a failed terminal in use for a spare from the inventory. */
export function ReplaceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RepairReplace>();
  const replace = useReplace();
  const submit = (values: RepairReplace) =>
    replace.mutate(values, {
      onSuccess: () => {
        feedback.message().success(t('repair.replaced'));
        onClose();
      },
    });
  return (
    <FormDialog form={form} title={t('repair.replace')} open={open} saving={replace.isPending} permission="terminal:repair:replace" onClose={onClose} onSubmit={submit}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('repair.howItWorks')} />
      <Form.Item name="terminalId" label={t('repair.failed')} rules={[zodRule(f.terminalId, t('repair.failed'))]} required>
        <TerminalSelect data-testid="field-terminalId" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="replacementId" label={t('repair.replacement')} required
        rules={[zodRule(f.replacementId, t('repair.replacement')), ({ getFieldValue }) => ({
          validator: async (_, v) => { if (v && v === getFieldValue('terminalId')) throw new Error(t('repair.sameTerminal')); },
        })]}>
        <TerminalSelect source={searchSpares} sourceKey="spares" placeholder={t('repair.sparePlaceholder')} data-testid="field-replacementId" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="reason" label={t('repair.reason')} rules={[zodRule(f.reason, t('repair.reason'))]} required>
        <Input.TextArea rows={3} data-testid="field-reason" />
      </Form.Item>
    </FormDialog>
  );
}
