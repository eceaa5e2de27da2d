import { useState, type ReactNode } from 'react';
import { Form, Input, Space } from 'antd';
import type { UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PageResult, Terminal } from '@sl/contracts';
import { TerminalLink } from '../../../shared/log-page';
import { PagedTable, QueryError, SearchForm, usePagedQuery, type PagedParams } from '../../../shared/table';
import type { BoxTerminalFilters } from '../api/boxes';

interface Props {
  testId: string;
  query: (params: PagedParams<BoxTerminalFilters>) => UseQueryOptions<PageResult<Terminal>, Error, PageResult<Terminal>, readonly unknown[]>;
  /** The action over the selected terminals; without it the table cannot be selected. */
  action?: (selected: Terminal[], clear: () => void) => ReactNode;
}

/** A paged terminal list with a serial-number filter and an action over the selection. */
export function BoxTerminalTable({ testId, query, action }: Props) {
  const { t } = useTranslation();
  const paged = usePagedQuery(query, {} as BoxTerminalFilters);
  const [selected, setSelected] = useState<Terminal[]>([]);
  return (
    <div data-testid={testId}>
      <SearchForm<BoxTerminalFilters> onSearch={paged.setFilters} onReset={paged.reset}>
        <Form.Item name="sn" label={t('box.terminalSn')}><Input allowClear placeholder={t('common.pleaseEnter')} data-testid="search-sn" /></Form.Item>
      </SearchForm>
      {action && <Space style={{ marginBottom: 12 }}>{action(selected, () => setSelected([]))}</Space>}
      <QueryError query={paged.query} />
      <PagedTable<Terminal>
        paged={paged}
        rowKey="terminalId"
        columns={[
          { title: t('box.terminal'), key: 'terminal', render: (_, row) => <TerminalLink row={{ terminalId: row.terminalId, terminalName: row.name, sn: row.sn }} /> },
          { title: t('box.family'), dataIndex: 'family' },
          { title: t('box.dept'), dataIndex: 'deptName' },
          { title: t('box.currentBox'), dataIndex: 'boxName' },
        ]}
        rowSelection={action ? { selectedRowKeys: selected.map((r) => r.terminalId), onChange: (_, rows) => setSelected(rows) } : undefined}
      />
    </div>
  );
}
