import { App, Col, Form, Input, InputNumber, Radio, Row, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { deptInput, type Dept, type DeptInput } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
import { TimeZoneSelect } from '../../../shared/form/time-zone-select';
import { zodRule } from '../../../shared/form/zod-rule';
import { toDeptNodes, useDeptTree } from '../../../shared/org/dept-tree';
import { statusFallback } from '../../../shared/org/status-options';
import { useSaveDept } from '../api/dept-mutations';

/** `parent` set and no `dept`: add (under parent, 0 for top level); `dept` set: edit. */
export interface DeptEditing {
  dept?: Dept;
  parentId: number;
}

const f = deptInput.shape;
const half = { xs: 24, sm: 12 };

export function DeptFormDialog({ editing, onClose }: { editing: DeptEditing | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DeptInput>();
  const tree = useDeptTree().data ?? [];
  const save = useSaveDept();
  const dept = editing?.dept;
  const parents = [{ key: 0, value: 0, title: t('dept.root'), children: toDeptNodes(tree, dept?.deptId) }];
  const submit = (values: DeptInput) => save.mutate({ ...values, deptId: dept?.deptId }, { onSuccess: () => (message.success(t('dept.saved')), onClose()) });
  const text = (name: 'deptName' | 'leader' | 'phone' | 'email', label: string, required = false) => (
    <Col {...half}>
      <Form.Item name={name} label={label} rules={[zodRule(f[name], label)]} required={required}>
        <Input data-testid={`field-${name}`} />
      </Form.Item>
    </Col>
  );
  return (
    <FormDialog<DeptInput> form={form} open={editing !== null} title={t(dept ? 'dept.editTitle' : 'dept.addTitle')} permission={dept ? 'system:sysdept:edit' : 'system:sysdept:add'} initialValues={dept ?? { parentId: editing?.parentId ?? 0, sort: 0, status: '2' }} saving={save.isPending} onClose={onClose} onSubmit={submit}>
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="parentId" label={t('dept.parent')} rules={[zodRule(f.parentId, t('dept.parent'))]}>
            <TreeSelect data-testid="field-parentId" treeData={parents} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
          </Form.Item>
        </Col>
        {text('deptName', t('dept.deptName'), true)}
        <Col {...half}>
          <Form.Item name="sort" label={t('common.sort')} rules={[zodRule(f.sort, t('common.sort'))]}>
            <InputNumber min={0} style={{ width: '100%' }} data-testid="field-sort" />
          </Form.Item>
        </Col>
        {text('leader', t('dept.leader'))}
        {text('phone', t('dept.phone'))}
        {text('email', t('dept.email'))}
        <Col {...half}>
          <Form.Item name="timeZone" label={t('dept.timeZone')} rules={[zodRule(f.timeZone, t('dept.timeZone'))]}>
            <TimeZoneSelect placeholder={t('dept.timeZoneHint')} data-testid="field-timeZone" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="status" label={t('common.status')}>
            <Radio.Group options={statusFallback()} data-testid="field-status" />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
