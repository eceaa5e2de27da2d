import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '../../../shared/table';
import type { RepairFilters } from '../api/repairs';

export function RepairSearch({ onSearch, onReset }: { onSearch: (f: RepairFilters) => void; onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <SearchForm<RepairFilters> onSearch={onSearch} onReset={onReset}>
      <Form.Item name="keyword" label={t('repair.keyword')}>
        <Input allowClear placeholder={t('repair.keywordPlaceholder')} data-testid="search-keyword" style={{ minWidth: 240 }} />
      </Form.Item>
    </SearchForm>
  );
}
