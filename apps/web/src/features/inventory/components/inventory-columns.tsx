import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { Terminal } from '@sl/contracts';
import { TerminalLink } from '../../../shared/log-page';
import { formatTime } from '../../../shared/time/format-time';

export function inventoryColumns(t: TFunction, onDelete?: (rows: Terminal[]) => void): ColumnsType<Terminal> {
  const columns: ColumnsType<Terminal> = [
    { title: t('inventory.terminal'), key: 'terminal', fixed: 'left', render: (_, row) => <TerminalLink row={{ terminalId: row.terminalId, terminalName: row.name, sn: row.sn }} /> },
    { title: t('inventory.family'), dataIndex: 'family' },
    { title: t('inventory.model'), dataIndex: 'model', render: (v: number) => t(`inventory.model.${v}`) },
    { title: t('inventory.status'), dataIndex: 'status', render: (v: number) => <Tag color={v === 1 ? 'blue' : 'gold'} data-testid="inventory-status">{t(`inventory.status.${v}`)}</Tag> },
    { title: t('inventory.manufacturer'), dataIndex: 'manufacturer' },
    { title: t('inventory.dept'), dataIndex: 'deptName' },
    { title: t('common.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
  ];
  if (onDelete) {
    columns.push({
      title: t('common.actions'), key: 'actions', fixed: 'right',
      render: (_, row) => <Button type="link" size="small" danger data-testid="row-delete" onClick={() => onDelete([row])}>{t('common.delete')}</Button>,
    });
  }
  return columns;
}
