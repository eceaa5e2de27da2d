import { Form, Select, Switch, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { LOCALES, reportMailBody, type ReportMail, type ReportMailBody } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
import { zodRule } from '../../../shared/form/zod-rule';
import { toDeptNodes, useDeptTree } from '../../../shared/org/dept-tree';
import { feedback } from '../../../shared/request';
import { useSaveReportMail } from '../api/report-mails';

const f = reportMailBody.shape;
const address = f.recipients.element;
const MAX_RECIPIENTS = 50;

/** Recipients: at least one, at most 50, each an e-mail address (the contract's own check), naming those that are not. */
function recipientsRule(t: (key: string, o?: Record<string, unknown>) => string, label: string): Rule {
  return {
    validator: async (_rule, value: string[] | undefined) => {
      const list = value ?? [];
      if (!list.length) throw new Error(t('validation.required', { label }));
      const bad = list.filter((a) => !address.safeParse(a).success);
      if (bad.length) throw new Error(t('report.mail.badAddress', { addresses: bad.join(t('common.listSeparator')) }));
      if (list.length > MAX_RECIPIENTS) throw new Error(t('report.mail.tooMany', { max: MAX_RECIPIENTS }));
    },
  };
}

interface Props {
  open: boolean;
  /** The e-mail edited; null to add one. */
  row: ReportMail | null;
  onClose: () => void;
}

/** A department's monthly report e-mail: the department, its recipients, the PDF's language, on or off. */
export function ReportMailDialog({ open, row, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReportMailBody>();
  const save = useSaveReportMail();
  const { data: depts = [] } = useDeptTree();
  const submit = (values: ReportMailBody) =>
    save.mutate({ ...values, recipients: values.recipients.map((a) => a.trim()), enabled: values.enabled ?? true }, {
      onSuccess: () => {
        feedback.message().success(t('report.mail.saved'));
        onClose();
      },
    });
  return (
    <FormDialog form={form} title={t(row ? 'report.mail.edit' : 'report.mail.add')} open={open} saving={save.isPending} permission="report:mail:edit"
      initialValues={row ? { deptId: row.deptId, recipients: row.recipients, locale: row.locale, enabled: row.enabled } : { locale: 'zh-CN', enabled: true, recipients: [] }}
      onClose={onClose} onSubmit={submit}>
      <Form.Item name="deptId" label={t('report.mail.dept')} extra={t('report.mail.deptHint')} rules={[zodRule(f.deptId, t('report.mail.dept'))]}>
        <TreeSelect data-testid="field-deptId" treeData={toDeptNodes(depts)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" disabled={row !== null} />
      </Form.Item>
      <Form.Item name="recipients" label={t('report.mail.recipients')} extra={t('report.mail.recipientsHint')} rules={[recipientsRule(t, t('report.mail.recipients'))]}>
        <Select mode="tags" data-testid="field-recipients" tokenSeparators={[',', ';', ' ']} open={false} suffixIcon={null} aria-label={t('report.mail.recipients')} />
      </Form.Item>
      <Form.Item name="locale" label={t('report.mail.locale')}>
        <Select data-testid="field-locale" options={LOCALES.map((l) => ({ value: l, label: t(`lang.${l}`) }))} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="enabled" label={t('report.mail.enabled')} valuePropName="checked">
        <Switch data-testid="field-enabled" />
      </Form.Item>
    </FormDialog>
  );
}
