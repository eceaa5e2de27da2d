import { Button, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { SysConfig } from '@sl/contracts';
import { formatTime } from '../../../shared/time/format-time';

interface Actions {
  onEdit?: (row: SysConfig) => void;
  onDelete?: (rows: SysConfig[]) => void;
}

export const isBuiltIn = (row: SysConfig) => row.configType === 'Y';

export function configColumns(t: TFunction, { onEdit, onDelete }: Actions): ColumnsType<SysConfig> {
  const columns: ColumnsType<SysConfig> = [
    { title: t('config.configName'), dataIndex: 'configName' },
    { title: t('config.configKey'), dataIndex: 'configKey', render: (v: string) => <code>{v}</code> },
    { title: t('config.configValue'), dataIndex: 'configValue', ellipsis: true, width: 240 },
    { title: t('config.configType'), dataIndex: 'configType', render: (v: string) => (v === 'Y' ? <Tag color="blue">{t('config.builtIn')}</Tag> : <Tag>{t('config.custom')}</Tag>) },
    { title: t('config.isFrontend'), dataIndex: 'isFrontend', render: (v: string) => (v === '1' ? t('config.yes') : t('config.no')) },
    { title: t('common.remark'), dataIndex: 'remark', ellipsis: true },
    { title: t('common.createdAt'), dataIndex: 'createdAt', width: 180, render: (v: string) => formatTime(v) },
  ];
  if (!onEdit && !onDelete) return columns;
  columns.push({
    title: t('common.actions'),
    key: 'actions',
    fixed: 'right',
    render: (_, row) => (
      <Space size={0}>
        {onEdit && <Button type="link" size="small" data-testid="row-edit" onClick={() => onEdit(row)}>{t('common.edit')}</Button>}
        {onDelete && (
          <Tooltip title={isBuiltIn(row) ? t('config.builtInNoDelete') : undefined}>
            <Button type="link" size="small" danger disabled={isBuiltIn(row)} data-testid="row-delete" onClick={() => onDelete([row])}>{t('common.delete')}</Button>
          </Tooltip>
        )}
      </Space>
    ),
  });
  return columns;
}
