import { Button, Space } from 'antd';
import { DeleteOutlined, EditOutlined, SafetyOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Role } from '@sl/contracts';
import { Access, usePermission } from '../../../shared/permission/access';
import { StatusSwitch } from '../../../shared/table';
import { formatTime } from '../../../shared/time/format-time';
import { useRoleStatus } from '../api/role-mutations';
import { roleLabel } from '../../../shared/role/role-label';

interface Actions {
  onEdit: (role: Role) => void;
  onDataScope: (role: Role) => void;
  onDelete: (role: Role) => void;
}

export function useRoleColumns({ onEdit, onDataScope, onDelete }: Actions): ColumnsType<Role> {
  const { t } = useTranslation();
  const can = usePermission();
  const status = useRoleStatus();
  return [
    { title: t('role.roleName'), dataIndex: 'roleName', render: (name: string) => roleLabel(name) },
    { title: t('role.roleKey'), dataIndex: 'roleKey' },
    { title: t('role.roleSort'), dataIndex: 'roleSort', width: 100 },
    { title: t('role.dataScope'), dataIndex: 'dataScope', render: (v: string) => t(`role.scope${v}`) },
    {
      title: t('common.status'),
      dataIndex: 'status',
      render: (_, r) => <StatusSwitch status={r.status} name={roleLabel(r.roleName)} disabled={r.admin || !can(['system:sysrole:edit'])} onChange={(next) => status.mutateAsync({ roleId: r.roleId, status: next })} />,
    },
    { title: t('common.createdAt'), dataIndex: 'createdAt', width: 180, render: (v: string) => formatTime(v) },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, r) => (
        <Space size={0}>
          <Access permissions={['system:sysrole:edit']}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(r)} data-testid="row-edit">{t('common.edit')}</Button>
            <Button type="link" size="small" icon={<SafetyOutlined />} onClick={() => onDataScope(r)} data-testid="row-data-scope">{t('role.dataScope')}</Button>
          </Access>
          <Access permissions={['system:sysrole:remove']}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => onDelete(r)} data-testid="row-delete">{t('common.delete')}</Button>
          </Access>
        </Space>
      ),
    },
  ];
}
