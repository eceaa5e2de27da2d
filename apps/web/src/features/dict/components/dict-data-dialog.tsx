import { Col, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIST_CLASSES, dictDataInput, type DictData, type DictDataInput } from '@sl/contracts';
import { DictSelect } from '../../../shared/dict';
import { FormDialog } from '../../../shared/form/form-dialog';
import { zodRule } from '../../../shared/form/zod-rule';
import { feedback } from '../../../shared/request';
import { useSaveDictData } from '../api/dict-data';

const f = dictDataInput.shape;
const TEXT_FIELDS = [['dictLabel', f.dictLabel], ['dictLabelEn', f.dictLabelEn], ['dictValue', f.dictValue]] as const;

interface Props {
  open: boolean;
  dictType: string;
  row: DictData | null;
  onClose: () => void;
}

export function DictDataDialog({ open, dictType, row, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DictDataInput>();
  const save = useSaveDictData();
  const submit = (values: DictDataInput) =>
    save.mutate(row ? { ...values, dictCode: row.dictCode } : values, {
      onSuccess: () => {
        feedback.message().success(t('dict.saved'));
        onClose();
      },
    });
  const label = (name: string) => t(`dict.${name}`);
  return (
    <FormDialog form={form} title={t(row ? 'dict.editData' : 'dict.addData')} open={open} saving={save.isPending} permission={row ? 'system:sysdict:edit' : 'system:sysdict:add'}
      initialValues={row ?? { status: '2', listClass: 'default', isDefault: 'N', dictSort: 0, dictType }} onClose={onClose} onSubmit={submit} width={640}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="dictType" label={label('dictType')}><Input data-testid="field-dictType" disabled /></Form.Item>
        </Col>
        {TEXT_FIELDS.map(([name, schema]) => (
          <Col xs={24} md={12} key={name}>
            <Form.Item name={name} label={label(name)} rules={[zodRule(schema, label(name))]}><Input data-testid={`field-${name}`} /></Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12}>
          <Form.Item name="dictSort" label={label('dictSort')} rules={[zodRule(f.dictSort, label('dictSort'))]}>
            <InputNumber data-testid="field-dictSort" min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="listClass" label={label('listClass')}>
            <Select data-testid="field-listClass" options={LIST_CLASSES.map((value) => ({ value, label: value }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="isDefault" label={label('isDefault')}>
            <Radio.Group data-testid="field-isDefault" options={[{ value: 'Y', label: t('dict.yes') }, { value: 'N', label: t('dict.no') }]} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="status" label={t('common.status')}><DictSelect type="sys_normal_disable" allowClear={false} data-testid="field-status" /></Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t('common.remark')} rules={[zodRule(f.remark, t('common.remark'))]}><Input.TextArea data-testid="field-remark" rows={2} /></Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
