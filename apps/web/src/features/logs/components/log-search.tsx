import { DatePicker, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '../../../shared/dict';
import { SearchForm } from '../../../shared/table';
import type { LogKind } from '../api/logs';
import { toLogFilters, type LogSearchValues } from '../log-filters';
import type { LogFilters } from '../api/logs';

interface Props {
  kind: LogKind;
  onSearch: (filters: LogFilters) => void;
  onReset: () => void;
}

export function LogSearch({ kind, onSearch, onReset }: Props) {
  const { t } = useTranslation();
  const statuses = [{ value: '2', label: t('log.success') }, { value: '1', label: t('log.failure') }];
  return (
    <SearchForm<LogSearchValues> onSearch={(values) => onSearch(toLogFilters(values))} onReset={onReset}>
      <Form.Item name="username" label={t('log.username')}><Input allowClear placeholder={t('common.pleaseEnter')} data-testid="search-username" /></Form.Item>
      {kind === 'oper' ? (
        <Form.Item name="title" label={t('log.title')}><Input allowClear placeholder={t('common.pleaseEnter')} data-testid="search-title" /></Form.Item>
      ) : (
        <Form.Item name="ipaddr" label={t('log.ipaddr')}><Input allowClear placeholder={t('common.pleaseEnter')} data-testid="search-ipaddr" /></Form.Item>
      )}
      <Form.Item name="status" label={t('common.status')}>
        <DictSelect type="sys_common_status" fallback={statuses} placeholder={t('common.pleaseSelect')} data-testid="search-status" />
      </Form.Item>
      <Form.Item name="time" label={t('log.time')}>
        <DatePicker.RangePicker showTime data-testid="search-time" />
      </Form.Item>
    </SearchForm>
  );
}
