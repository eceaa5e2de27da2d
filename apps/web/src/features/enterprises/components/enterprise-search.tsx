import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '../../../shared/dict';
import { SearchForm } from '../../../shared/table';
import type { EnterpriseFilters } from '../api/get-enterprises';

interface Props {
  onSearch: (filters: EnterpriseFilters) => void;
  onReset: () => void;
}

export function EnterpriseSearch({ onSearch, onReset }: Props) {
  const { t } = useTranslation();
  return (
    <SearchForm<EnterpriseFilters> onSearch={onSearch} onReset={onReset}>
      <Form.Item name="name" label={t('enterprise.name')}>
        <Input allowClear placeholder={t('common.pleaseEnter')} data-testid="search-name" />
      </Form.Item>
      <Form.Item name="code" label={t('enterprise.code')}>
        <Input allowClear placeholder={t('common.pleaseEnter')} data-testid="search-code" />
      </Form.Item>
      <Form.Item name="region" label={t('enterprise.region')}>
        <Input allowClear placeholder={t('common.pleaseEnter')} data-testid="search-region" />
      </Form.Item>
      <Form.Item name="status" label={t('common.status')}>
        <DictSelect type="sys_normal_disable" placeholder={t('common.pleaseSelect')} data-testid="search-status" />
      </Form.Item>
    </SearchForm>
  );
}
