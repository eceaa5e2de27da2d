import { useState } from 'react';
import { Button, Card, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { UseQueryOptions } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { PageResult } from '@sl/contracts';
import { usePermission } from '../../../shared/permission/access';
import { PagedTable, confirmDelete, usePagedQuery, type PagedParams } from '../../../shared/table';
import { useDeleteLogs, type LogFilters, type LogKind } from '../api/logs';
import { LogSearch } from './log-search';

interface Props<T> {
  kind: LogKind;
  permission: string;
  query: (params: PagedParams<LogFilters>) => UseQueryOptions<PageResult<T>, Error, PageResult<T>, readonly unknown[]>;
  columns: (t: TFunction, onDelete?: (rows: T[]) => void) => ColumnsType<T>;
  nameOf: (row: T) => string;
}

/** Search, table and delete of one log kind. */
export function LogList<T extends { id: number }>({ kind, permission, query, columns, nameOf }: Props<T>) {
  const { t } = useTranslation();
  const canRemove = usePermission()([`${permission}:remove`]);
  const paged = usePagedQuery(query, {} as LogFilters);
  const [selected, setSelected] = useState<T[]>([]);
  const remove = useDeleteLogs(kind);
  const onDelete = (rows: T[]) =>
    confirmDelete({ names: rows.map(nameOf), onOk: () => remove.mutateAsync(rows.map((r) => r.id)).then(() => setSelected([])) });
  return (
    <Card>
      <LogSearch kind={kind} onSearch={paged.setFilters} onReset={paged.reset} />
      {canRemove && (
        <Space style={{ marginBottom: 16 }}>
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} data-testid="btn-delete-selected" onClick={() => onDelete(selected)}>
            {t('common.deleteSelected')}
          </Button>
        </Space>
      )}
      <PagedTable<T>
        paged={paged}
        rowKey="id"
        columns={columns(t, canRemove ? onDelete : undefined)}
        rowSelection={canRemove ? { selectedRowKeys: selected.map((r) => r.id), onChange: (_, rows) => setSelected(rows) } : undefined}
      />
    </Card>
  );
}
