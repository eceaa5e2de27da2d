import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { DictData } from '@sl/contracts';
import { DictTag } from '../../../shared/dict';
import { RowActions } from './row-actions';

interface Actions {
  onEdit?: (row: DictData) => void;
  onDelete?: (rows: DictData[]) => void;
}

export function dictDataColumns(t: TFunction, { onEdit, onDelete }: Actions): ColumnsType<DictData> {
  const columns: ColumnsType<DictData> = [
    { title: t('dict.dictLabel'), dataIndex: 'dictLabel' },
    { title: t('dict.dictLabelEn'), dataIndex: 'dictLabelEn' },
    { title: t('dict.dictValue'), dataIndex: 'dictValue' },
    { title: t('dict.dictSort'), dataIndex: 'dictSort', width: 80 },
    { title: t('dict.listClass'), dataIndex: 'listClass', render: (v: string) => <Tag>{v}</Tag> },
    { title: t('dict.isDefault'), dataIndex: 'isDefault', render: (v: string) => (v === 'Y' ? <Tag color="blue">{t('dict.yes')}</Tag> : t('dict.no')) },
    { title: t('common.status'), dataIndex: 'status', render: (v: string) => <DictTag type="sys_normal_disable" value={v} /> },
  ];
  if (!onEdit && !onDelete) return columns;
  columns.push({
    title: t('common.actions'),
    key: 'actions',
    fixed: 'right',
    render: (_, row) => <RowActions onEdit={onEdit && (() => onEdit(row))} onDelete={onDelete && (() => onDelete([row]))} />,
  });
  return columns;
}
