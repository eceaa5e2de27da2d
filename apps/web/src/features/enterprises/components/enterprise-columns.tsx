import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { Enterprise } from '@sl/contracts';
import { DictTag } from '../../../shared/dict';
import { formatTime } from '../../../shared/time/format-time';

interface Actions {
  canEdit: boolean;
  canRemove: boolean;
  onEdit: (row: Enterprise) => void;
  onDelete: (rows: Enterprise[]) => void;
}

export function enterpriseColumns(t: TFunction, { canEdit, canRemove, onEdit, onDelete }: Actions): ColumnsType<Enterprise> {
  const columns: ColumnsType<Enterprise> = [
    { title: t('enterprise.name'), dataIndex: 'name', fixed: 'left' },
    { title: t('enterprise.code'), dataIndex: 'code' },
    { title: t('enterprise.contact'), dataIndex: 'contact' },
    { title: t('enterprise.phone'), dataIndex: 'phone' },
    { title: t('enterprise.region'), dataIndex: 'region' },
    { title: t('enterprise.address'), dataIndex: 'address', ellipsis: true, width: 220 },
    { title: t('common.status'), dataIndex: 'status', render: (v: string) => <DictTag type="sys_normal_disable" value={v} /> },
    { title: t('common.createdAt'), dataIndex: 'createdAt', width: 180, render: (v: string) => formatTime(v) },
  ];
  if (!canEdit && !canRemove) return columns;
  columns.push({
    title: t('common.actions'),
    key: 'actions',
    fixed: 'right',
    render: (_, row) => (
      <Space size={0}>
        {canEdit && <Button type="link" size="small" data-testid="row-edit" onClick={() => onEdit(row)}>{t('common.edit')}</Button>}
        {canRemove && <Button type="link" size="small" danger data-testid="row-delete" onClick={() => onDelete([row])}>{t('common.delete')}</Button>}
      </Space>
    ),
  });
  return columns;
}
