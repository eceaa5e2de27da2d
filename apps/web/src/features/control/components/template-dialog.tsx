import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TemplateRow } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
import { feedback } from '../../../shared/request';
import { useSaveTemplate } from '../api/control-api';
import { fromStepForm, toStepForm, type StepForm } from './step-form';
import { ProgramSection } from './program-section';

interface Values {
  name: string;
  model: 1 | 2;
  steps: StepForm[];
  remark: string;
}

/** A reusable program of one family. */
export function TemplateDialog({ family, open, row, onClose }: { family: string; open: boolean; row: TemplateRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const model = Form.useWatch('model', form) ?? 2;
  const save = useSaveTemplate(family);
  const submit = (v: Values) =>
    save.mutate({ ...v, remark: v.remark ?? '', steps: v.steps.map(fromStepForm), id: row?.id }, {
      onSuccess: () => {
        feedback.message().success(t('control.saved'));
        onClose();
      },
    });
  const initial: Partial<Values> = row ? { ...row, model: row.model as 1 | 2, steps: row.steps.map(toStepForm) } : { model: 2, steps: [{ when: 'sunset', action: 'on', level: 100 }, { when: 'sunrise', action: 'off' }] };
  return (
    <FormDialog<Values> form={form} title={t(row ? 'control.editTemplate' : 'control.addTemplate')} open={open} saving={save.isPending} permission={row ? 'policy:template:edit' : 'policy:template:add'}
      initialValues={initial} onClose={onClose} onSubmit={submit} width={1080}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('control.name')} rules={[{ required: true, whitespace: true, message: t('control.nameRequired') }, { max: 64 }]}><Input data-testid="field-name" /></Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="model" label={t('control.model')}><Select options={[{ value: 1, label: t('control.model1') }, { value: 2, label: t('control.model2') }]} /></Form.Item>
        </Col>
      </Row>
      <ProgramSection form={form} cabinet={model === 1} />
      <Form.Item name="remark" label={t('common.remark')} style={{ marginTop: 12 }}><Input.TextArea rows={2} /></Form.Item>
    </FormDialog>
  );
}
