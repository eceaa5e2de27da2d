import { useEffect } from 'react';
import { App, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATA_SCOPES, type Role } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
import { useRole } from '../api/get-roles';
import { useRoleDataScope, type RoleDataScope } from '../api/role-mutations';
import { DeptCheckTree } from './dept-check-tree';

export function DataScopeDialog({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RoleDataScope>();
  const full = useRole(role?.roleId).data;
  const save = useRoleDataScope();
  const scope = Form.useWatch('dataScope', form);
  useEffect(() => {
    if (full && full.roleId === role?.roleId) form.setFieldValue('deptIds', full.deptIds);
  }, [full, role, form]);
  const submit = (values: RoleDataScope) =>
    save.mutate(
      { roleId: role!.roleId, dataScope: values.dataScope, deptIds: values.dataScope === '2' ? values.deptIds : [] },
      { onSuccess: () => (message.success(t('role.saved')), onClose()) },
    );
  return (
    <FormDialog<RoleDataScope> form={form} open={role !== null} width={520} title={t('role.scopeTitle', { name: role?.roleName })} permission="system:sysrole:edit" initialValues={role ? { dataScope: role.dataScope, deptIds: role.deptIds } : undefined} saving={save.isPending} onClose={onClose} onSubmit={submit}>
      <Form.Item label={t('role.roleName')}>
        <Input value={role?.roleName} disabled />
      </Form.Item>
      <Form.Item name="dataScope" label={t('role.dataScope')} rules={[{ required: true }]}>
        <Select data-testid="field-dataScope" options={DATA_SCOPES.map((v) => ({ value: v, label: t(`role.scope${v}`) }))} />
      </Form.Item>
      {scope === '2' && (
        <Form.Item name="deptIds" label={t('role.depts')}>
          <DeptCheckTree />
        </Form.Item>
      )}
    </FormDialog>
  );
}
