import { useEffect } from 'react';
import { App, Col, Form, Input, InputNumber, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleInput, type Role, type RoleInput } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
import { zodRule } from '../../../shared/form/zod-rule';
import { statusFallback } from '../../../shared/org/status-options';
import { useRole } from '../api/get-roles';
import { useSaveRole } from '../api/role-mutations';
import { MenuTreeField } from './menu-tree-field';

const f = roleInput.shape;

export function RoleFormDialog({ editing, onClose }: { editing: Role | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RoleInput>();
  const isNew = editing === 'new';
  const roleId = editing && editing !== 'new' ? editing.roleId : undefined;
  const full = useRole(roleId).data;
  const save = useSaveRole();
  useEffect(() => {
    if (full && full.roleId === roleId) form.setFieldValue('menuIds', full.menuIds);
  }, [full, roleId, form]);
  const submit = (values: RoleInput) =>
    save.mutate({ ...values, roleId }, { onSuccess: () => (message.success(t('role.saved')), onClose()) });
  const initial = editing && editing !== 'new' ? editing : { roleSort: 0, status: '2' as const, menuIds: [] };
  return (
    <FormDialog<RoleInput> form={form} open={editing !== null} title={t(isNew ? 'role.addTitle' : 'role.editTitle')} permission={isNew ? 'system:sysrole:add' : 'system:sysrole:edit'} initialValues={initial} saving={save.isPending} onClose={onClose} onSubmit={submit}>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="roleName" label={t('role.roleName')} rules={[zodRule(f.roleName, t('role.roleName'))]} required>
            <Input data-testid="field-roleName" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="roleKey" label={t('role.roleKey')} rules={[zodRule(f.roleKey, t('role.roleKey'))]} required>
            <Input data-testid="field-roleKey" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="roleSort" label={t('role.roleSort')} rules={[zodRule(f.roleSort, t('role.roleSort'))]}>
            <InputNumber min={0} style={{ width: '100%' }} data-testid="field-roleSort" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="status" label={t('common.status')}>
            <Radio.Group options={statusFallback()} data-testid="field-status" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="menuIds" label={t('role.menus')}>
        <MenuTreeField />
      </Form.Item>
      <Form.Item name="remark" label={t('common.remark')} rules={[zodRule(f.remark, t('common.remark'))]}>
        <Input.TextArea rows={2} data-testid="field-remark" />
      </Form.Item>
    </FormDialog>
  );
}
