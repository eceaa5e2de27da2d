import { useState } from 'react';
import { App, Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Role } from '@sl/contracts';
import { Access } from '../../../shared/permission/access';
import { PagedTable, confirmDelete, usePagedQuery } from '../../../shared/table';
import { rolesQuery, type RoleFilters } from '../api/get-roles';
import { useDeleteRole } from '../api/role-mutations';
import { DataScopeDialog } from './data-scope-dialog';
import { RoleFormDialog } from './role-form-dialog';
import { RoleSearch } from './role-search';
import { useRoleColumns } from './use-role-columns';

export default function RolesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const paged = usePagedQuery(rolesQuery, {} as RoleFilters);
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const [scoping, setScoping] = useState<Role | null>(null);
  const remove = useDeleteRole();
  const onDelete = (role: Role) =>
    confirmDelete({ names: [role.roleName], onOk: () => remove.mutateAsync(role.roleId).then(() => message.success(t('role.deleted'))) });
  const columns = useRoleColumns({ onEdit: setEditing, onDataScope: setScoping, onDelete });
  return (
    <Card size="small">
      <RoleSearch onSearch={paged.setFilters} onReset={paged.reset} />
      <Access permissions={['system:sysrole:add']}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} style={{ marginBottom: 16 }} data-testid="btn-add">{t('common.add')}</Button>
      </Access>
      <PagedTable<Role> rowKey="roleId" columns={columns} paged={paged} />
      <RoleFormDialog editing={editing} onClose={() => setEditing(null)} />
      <DataScopeDialog role={scoping} onClose={() => setScoping(null)} />
    </Card>
  );
}
