import type { ReactNode } from 'react';
import { DatePicker, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '../table';
import { toLogFilters, type LogFilters, type LogSearchValues } from './range-filters';
import { TerminalSelect } from './terminal-select';

interface Props {
  timeLabel: string;
  extra?: ReactNode;
  onSearch: (filters: LogFilters) => void;
  onReset: () => void;
}

/** Terminal, time range and the page's own filters. */
export function LogSearch({ timeLabel, extra, onSearch, onReset }: Props) {
  const { t } = useTranslation();
  return (
    <SearchForm<LogSearchValues> onSearch={(values) => onSearch(toLogFilters(values))} onReset={onReset}>
      <Form.Item name="terminalId" label={t('logPage.terminal')}>
        <TerminalSelect data-testid="search-terminal" />
      </Form.Item>
      {extra}
      <Form.Item name="range" label={timeLabel}>
        <DatePicker.RangePicker showTime data-testid="search-range" />
      </Form.Item>
    </SearchForm>
  );
}
