import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { TerminalBox } from '@sl/contracts';
import { formatNumber } from '../../../shared/log-page';
import { formatTime } from '../../../shared/time/format-time';

interface Actions {
  canEdit: boolean;
  canRemove: boolean;
  canMount: boolean;
  onEdit: (row: TerminalBox) => void;
  onDelete: (rows: TerminalBox[]) => void;
  onTerminals: (row: TerminalBox) => void;
}

export function boxColumns(t: TFunction, a: Actions): ColumnsType<TerminalBox> {
  return [
    { title: t('box.name'), dataIndex: 'name', fixed: 'left' },
    { title: t('box.code'), dataIndex: 'code' },
    { title: t('box.dept'), dataIndex: 'deptName' },
    { title: t('box.area'), dataIndex: 'area' },
    { title: t('box.address'), dataIndex: 'address', ellipsis: true, width: 220 },
    { title: t('box.terminalCount'), dataIndex: 'terminalCount', align: 'right', render: (v: number) => <span data-testid="box-terminal-count">{formatNumber(v, 0)}</span> },
    { title: t('common.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" data-testid="row-terminals" onClick={() => a.onTerminals(row)}>{t(a.canMount ? 'box.mountTerminals' : 'box.viewTerminals')}</Button>
          {a.canEdit && <Button type="link" size="small" data-testid="row-edit" onClick={() => a.onEdit(row)}>{t('common.edit')}</Button>}
          {a.canRemove && <Button type="link" size="small" danger data-testid="row-delete" onClick={() => a.onDelete([row])}>{t('common.delete')}</Button>}
        </Space>
      ),
    },
  ];
}
