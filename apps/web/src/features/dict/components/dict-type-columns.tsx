import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { DictType } from '@sl/contracts';
import { DictTag } from '../../../shared/dict';
import { formatTime } from '../../../shared/time/format-time';
import { RowActions } from './row-actions';

interface Actions {
  onData: (row: DictType) => void;
  onEdit?: (row: DictType) => void;
  onDelete?: (rows: DictType[]) => void;
}

export function dictTypeColumns(t: TFunction, { onData, onEdit, onDelete }: Actions): ColumnsType<DictType> {
  return [
    { title: t('dict.dictId'), dataIndex: 'dictId', width: 90 },
    { title: t('dict.dictName'), dataIndex: 'dictName' },
    {
      title: t('dict.dictType'),
      dataIndex: 'dictType',
      render: (v: string, row) => <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onData(row)}>{v}</Button>,
    },
    { title: t('common.status'), dataIndex: 'status', render: (v: string) => <DictTag type="sys_normal_disable" value={v} /> },
    { title: t('common.remark'), dataIndex: 'remark', ellipsis: true },
    { title: t('common.createdAt'), dataIndex: 'createdAt', width: 180, render: (v: string) => formatTime(v) },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <RowActions onData={() => onData(row)} onEdit={onEdit && (() => onEdit(row))} onDelete={onDelete && (() => onDelete([row]))} />
      ),
    },
  ];
}
