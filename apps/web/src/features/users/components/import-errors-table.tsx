import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportRowError } from '../api/user-files';

/** The rows the server refused, one line per row with all its messages. */
export function ImportErrorsTable({ errors }: { errors: ImportRowError[] }) {
  const { t } = useTranslation();
  return (
    <Table<ImportRowError>
      data-testid="import-errors"
      size="small"
      rowKey="row"
      dataSource={errors}
      pagination={errors.length > 10 ? { pageSize: 10, size: 'small' } : false}
      columns={[
        { title: t('user.importRow'), dataIndex: 'row', width: 80 },
        { title: t('user.importErrors'), dataIndex: 'messages', render: (m: string[]) => m.map((x) => <div key={x}>{x}</div>) },
      ]}
    />
  );
}
