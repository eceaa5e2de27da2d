import { Col, Form, Input, Radio, Row, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PolicyRow } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
import { feedback } from '../../../shared/request';
import { allTemplatesQuery, useSavePolicy } from '../api/control-api';
import { fromStepForm, toStepForm, type StepForm } from './step-form';
import { ProgramSection } from './program-section';

interface Values {
  name: string;
  family: 'rdcsm' | 'rdc4m';
  model: 1 | 2;
  openMode: 1 | 2;
  templateId: number | null;
  steps: StepForm[];
  remark: string;
}

const NEW: Partial<Values> = { family: 'rdcsm', model: 2, openMode: 2, templateId: null, steps: [{ when: 'sunset', action: 'on', level: 100 }, { when: 'sunrise', action: 'off' }], remark: '' };

/** The policy editor: start from a template, edit the steps, see the night it makes. */
export function PolicyDialog({ open, row, onClose }: { open: boolean; row: PolicyRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const family = Form.useWatch('family', form) ?? 'rdcsm';
  const model = Form.useWatch('model', form) ?? 2;
  const templates = useQuery(allTemplatesQuery(family));
  const save = useSavePolicy();
  const useTemplate = (id: number) => {
    const tpl = templates.data?.find((x) => x.id === id);
    if (tpl) form.setFieldsValue({ steps: tpl.steps.map(toStepForm), model: tpl.model as 1 | 2, name: form.getFieldValue('name') || tpl.name });
  };
  const submit = (v: Values) =>
    save.mutate({ ...v, deptId: row?.deptId ?? null, steps: (v.steps ?? []).map(fromStepForm), id: row?.id }, {
      onSuccess: () => {
        feedback.message().success(t('control.saved'));
        onClose();
      },
    });
  const initial = row ? { ...row, steps: row.steps.map(toStepForm) } : NEW;
  return (
    <FormDialog<Values> form={form} title={t(row ? 'control.editPolicy' : 'control.addPolicy')} open={open} saving={save.isPending} permission={row ? 'policy:policy:edit' : 'policy:policy:add'}
      initialValues={initial as Partial<Values>} onClose={onClose} onSubmit={submit} width={1080}>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="name" label={t('control.name')} rules={[{ required: true, whitespace: true, message: t('control.nameRequired') }, { max: 64 }]}>
            <Input data-testid="field-name" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="family" label={t('control.family')} rules={[{ required: true }]}>
            <Select options={[{ value: 'rdcsm' }, { value: 'rdc4m' }].map((o) => ({ ...o, label: o.value }))} data-testid="field-family" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="model" label={t('control.model')} rules={[{ required: true }]}>
            <Select options={[{ value: 1, label: t('control.model1') }, { value: 2, label: t('control.model2') }]} data-testid="field-model" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="templateId" label={t('control.fromTemplate')}>
            <Select allowClear loading={templates.isLoading} onChange={(id) => id && useTemplate(id)} data-testid="field-template"
              options={(templates.data ?? []).filter((x) => x.model === model).map((x) => ({ value: x.id, label: x.name }))} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="openMode" label={t('control.openMode')} extra={t('control.openModeHelp')}>
            <Radio.Group options={[{ value: 2, label: t('control.openEveryDay') }, { value: 1, label: t('control.openToday') }]} />
          </Form.Item>
        </Col>
      </Row>
      <ProgramSection form={form} cabinet={model === 1} />
      <Form.Item name="remark" label={t('common.remark')} style={{ marginTop: 12 }} rules={[{ max: 255 }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
    </FormDialog>
  );
}
