import { Button, Space, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, KeyOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { SysUser } from '@sl/contracts';
import { Access, usePermission } from '../../../shared/permission/access';
import { StatusSwitch } from '../../../shared/table';
import { formatTime } from '../../../shared/time/format-time';
import { useUserStatus } from '../api/user-mutations';
import { roleLabel } from '../../../shared/role/role-label';

interface Actions {
  onEdit: (user: SysUser) => void;
  onResetPassword: (user: SysUser) => void;
  onDelete: (users: SysUser[]) => void;
}

export function useUserColumns({ onEdit, onResetPassword, onDelete }: Actions): ColumnsType<SysUser> {
  const { t } = useTranslation();
  const can = usePermission();
  const status = useUserStatus();
  return [
    { title: t('user.username'), dataIndex: 'username', fixed: 'left' },
    { title: t('user.nickName'), dataIndex: 'nickName' },
    { title: t('user.dept'), dataIndex: 'deptName' },
    { title: t('user.phone'), dataIndex: 'phone' },
    { title: t('user.roles'), dataIndex: 'roleNames', render: (names: string[]) => names.map((n) => <Tag key={n}>{roleLabel(n)}</Tag>) },
    {
      title: t('common.status'),
      dataIndex: 'status',
      render: (_, u) => (
        <StatusSwitch status={u.status} name={u.username} disabled={!can(['system:sysuser:edit'])} onChange={(next) => status.mutateAsync({ userId: u.userId, status: next })} />
      ),
    },
    { title: t('common.createdAt'), dataIndex: 'createdAt', width: 180, render: (v: string) => formatTime(v) },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, u) => (
        <Space size={0}>
          <Access permissions={['system:sysuser:edit']}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(u)} data-testid="row-edit">{t('common.edit')}</Button>
          </Access>
          <Access permissions={['system:sysuser:resetPwd']}>
            <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => onResetPassword(u)} data-testid="row-reset-pwd">{t('user.resetPwd')}</Button>
          </Access>
          <Access permissions={['system:sysuser:remove']}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => onDelete([u])} data-testid="row-delete">{t('common.delete')}</Button>
          </Access>
        </Space>
      ),
    },
  ];
}
