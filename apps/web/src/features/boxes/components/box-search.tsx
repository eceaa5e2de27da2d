import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '../../../shared/table';
import type { BoxFilters } from '../api/boxes';

export function BoxSearch({ onSearch, onReset }: { onSearch: (f: BoxFilters) => void; onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <SearchForm<BoxFilters> onSearch={onSearch} onReset={onReset}>
      <Form.Item name="name" label={t('box.name')}><Input allowClear placeholder={t('common.pleaseEnter')} data-testid="search-name" /></Form.Item>
      <Form.Item name="code" label={t('box.code')}><Input allowClear placeholder={t('common.pleaseEnter')} data-testid="search-code" /></Form.Item>
    </SearchForm>
  );
}
