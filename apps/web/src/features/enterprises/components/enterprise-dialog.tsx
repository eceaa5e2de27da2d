import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { enterpriseInput, type Enterprise, type EnterpriseInput } from '@sl/contracts';
import { DictSelect } from '../../../shared/dict';
import { FormDialog } from '../../../shared/form/form-dialog';
import { zodRule } from '../../../shared/form/zod-rule';
import { feedback } from '../../../shared/request';
import { useSaveEnterprise } from '../api/enterprise-mutations';

const f = enterpriseInput.shape;
const TEXT_FIELDS = [['name', f.name], ['code', f.code], ['contact', f.contact], ['phone', f.phone], ['region', f.region], ['address', f.address]] as const;

interface Props {
  open: boolean;
  row: Enterprise | null;
  onClose: () => void;
}

export function EnterpriseDialog({ open, row, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EnterpriseInput>();
  const save = useSaveEnterprise();
  const submit = (values: EnterpriseInput) =>
    save.mutate(row ? { ...values, enterpriseId: row.enterpriseId } : values, {
      onSuccess: () => {
        feedback.message().success(t('enterprise.saved'));
        onClose();
      },
    });
  return (
    <FormDialog form={form} title={t(row ? 'enterprise.edit' : 'enterprise.add')} open={open} saving={save.isPending} permission={row ? 'system:enterprise:edit' : 'system:enterprise:add'}
      initialValues={row ?? { status: '2' }} onClose={onClose} onSubmit={submit} width={720}>
      <Row gutter={16}>
        {TEXT_FIELDS.map(([name, schema]) => (
          <Col xs={24} md={12} key={name}>
            <Form.Item name={name} label={t(`enterprise.${name}`)} rules={[zodRule(schema, t(`enterprise.${name}`))]}>
              <Input data-testid={`field-${name}`} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12}>
          <Form.Item name="status" label={t('common.status')} rules={[zodRule(f.status, t('common.status'))]}>
            <DictSelect type="sys_normal_disable" allowClear={false} data-testid="field-status" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t('common.remark')} rules={[zodRule(f.remark, t('common.remark'))]}>
            <Input.TextArea data-testid="field-remark" rows={2} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
