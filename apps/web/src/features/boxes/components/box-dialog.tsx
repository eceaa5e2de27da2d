import { Col, Form, Input, Row, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { boxInput, type BoxInput, type TerminalBox } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
import { HemisphereInput } from '../../../shared/form/hemisphere-input';
import { zodRule } from '../../../shared/form/zod-rule';
import { toDeptNodes, useDeptTree } from '../../../shared/org/dept-tree';
import { feedback } from '../../../shared/request';
import { useSaveBox } from '../api/boxes';

const f = boxInput.shape;
const half = { xs: 24, md: 12 };

interface Props {
  open: boolean;
  row: TerminalBox | null;
  onClose: () => void;
}

export function BoxDialog({ open, row, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BoxInput>();
  const depts = useDeptTree().data ?? [];
  const save = useSaveBox();
  const submit = (values: BoxInput) => {
    const body = { ...values, lng: values.lng ?? null, lat: values.lat ?? null };
    save.mutate(row ? { ...body, boxId: row.boxId } : body, {
      onSuccess: () => {
        feedback.message().success(t('box.saved'));
        onClose();
      },
    });
  };
  const text = (name: 'name' | 'code' | 'area' | 'address', span: object = half) => (
    <Col {...span} key={name}>
      <Form.Item name={name} label={t(`box.${name}`)} rules={[zodRule(f[name], t(`box.${name}`))]} required={name === 'name' || name === 'code'}>
        <Input data-testid={`field-${name}`} />
      </Form.Item>
    </Col>
  );
  return (
    <FormDialog form={form} title={t(row ? 'box.edit' : 'box.add')} open={open} saving={save.isPending} permission={row ? 'terminal:box:edit' : 'terminal:box:add'}
      initialValues={row ?? {}} onClose={onClose} onSubmit={submit} width={720}>
      <Row gutter={16}>
        {text('name')}
        {text('code')}
        <Col {...half}>
          <Form.Item name="deptId" label={t('box.dept')} rules={[zodRule(f.deptId, t('box.dept'))]} required>
            <TreeSelect data-testid="field-deptId" treeData={toDeptNodes(depts)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" placeholder={t('common.pleaseSelect')} />
          </Form.Item>
        </Col>
        {text('area')}
        {text('address', { span: 24 })}
        <Col {...half}>
          <Form.Item name="lng" label={t('box.lng')} rules={[zodRule(f.lng, t('box.lng'))]}>
            <HemisphereInput axis="lng" aria-label={t('box.lng')} data-testid="field-lng" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="lat" label={t('box.lat')} rules={[zodRule(f.lat, t('box.lat'))]}>
            <HemisphereInput axis="lat" aria-label={t('box.lat')} data-testid="field-lat" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t('common.remark')} rules={[zodRule(f.remark, t('common.remark'))]}>
            <Input.TextArea rows={2} data-testid="field-remark" />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
