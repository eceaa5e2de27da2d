import { useState } from 'react';
import { Button, Card } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { queryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PageResult } from '@sl/contracts';
import { http } from '../request';
import { PagedTable, QueryError, usePagedQuery, type PagedParams } from '../table';
import { allFields, LogDetail } from './log-detail';
import type { DetailItem, LogPageConfig, TerminalRow } from './log-page-config';
import { LogSearch } from './log-search';
import type { LogFilters } from './range-filters';
import { TerminalLink } from './terminal-link';

export const logPageQuery = <T,>(config: Pick<LogPageConfig<T>, 'key' | 'path' | 'params'>) => (params: PagedParams<LogFilters>) =>
  queryOptions({
    queryKey: ['log-page', config.key, params] as readonly unknown[],
    queryFn: () => http.get<PageResult<T>>(config.path, { ...config.params, ...params }),
  });

/** One configurable record list: terminal and time-range filters, server paging, loading/empty/error states, a detail drawer. */
export function LogPage<T extends TerminalRow>({ config, embedded = false }: { config: LogPageConfig<T>; embedded?: boolean }) {
  const { t } = useTranslation();
  const paged = usePagedQuery(logPageQuery<T>(config), {} as LogFilters);
  const [detail, setDetail] = useState<DetailItem[] | null>(null);
  const columns: ColumnsType<T> = [
    { title: t('logPage.terminal'), key: 'terminal', fixed: 'left', render: (_, row) => <TerminalLink row={row} /> },
    ...config.columns(t),
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" data-testid="row-detail" onClick={() => setDetail(config.detail ? config.detail(t, row) : allFields(row))}>
          {t('logPage.detail')}
        </Button>
      ),
    },
  ];
  const body = (
    <div data-testid={`log-page-${config.key}`}>
      <LogSearch timeLabel={config.timeLabel?.(t) ?? t('logPage.time')} extra={config.filters?.(t)} onSearch={paged.setFilters} onReset={paged.reset} />
      <QueryError query={paged.query} />
      <PagedTable<T> paged={paged} rowKey={config.rowKey} columns={columns} empty={config.empty?.(t) ?? { reason: t('logPage.emptyNone'), hint: t('logPage.emptyNoneHint') }} />
      <LogDetail title={t('logPage.detail')} items={detail} onClose={() => setDetail(null)} />
    </div>
  );
  return embedded ? body : <Card>{body}</Card>;
}
