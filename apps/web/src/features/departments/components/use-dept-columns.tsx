import { Button, Space, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Dept } from '@sl/contracts';
import { Access } from '../../../shared/permission/access';
import { formatTime } from '../../../shared/time/format-time';

interface Actions {
  onAdd: (parent: Dept) => void;
  onEdit: (dept: Dept) => void;
  onDelete: (dept: Dept) => void;
}

export function useDeptColumns({ onAdd, onEdit, onDelete }: Actions): ColumnsType<Dept> {
  const { t } = useTranslation();
  return [
    { title: t('dept.deptName'), dataIndex: 'deptName' },
    { title: t('common.sort'), dataIndex: 'sort', width: 90 },
    { title: t('dept.leader'), dataIndex: 'leader' },
    { title: t('dept.phone'), dataIndex: 'phone' },
    { title: t('dept.email'), dataIndex: 'email' },
    {
      title: t('common.status'),
      dataIndex: 'status',
      render: (s: string) => (s === '2' ? <Tag color="green">{t('common.statusNormal')}</Tag> : <Tag color="red">{t('common.statusDisabled')}</Tag>),
    },
    { title: t('common.createdAt'), dataIndex: 'createdAt', width: 180, render: (v: string) => formatTime(v) },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, d) => (
        <Space size={0}>
          <Access permissions={['system:sysdept:add']}>
            <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => onAdd(d)} data-testid="row-add-child">{t('common.addChild')}</Button>
          </Access>
          <Access permissions={['system:sysdept:edit']}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(d)} data-testid="row-edit">{t('common.edit')}</Button>
          </Access>
          <Access permissions={['system:sysdept:remove']}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => onDelete(d)} data-testid="row-delete">{t('common.delete')}</Button>
          </Access>
        </Space>
      ),
    },
  ];
}
