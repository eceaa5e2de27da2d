import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '../../../shared/dict';
import { STATUS_DICT, statusFallback } from '../../../shared/org/status-options';
import { SearchForm } from '../../../shared/table';
import type { RoleFilters } from '../api/get-roles';

export function RoleSearch({ onSearch, onReset }: { onSearch: (v: RoleFilters) => void; onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <SearchForm<RoleFilters> onSearch={onSearch} onReset={onReset}>
      <Form.Item name="roleName" label={t('role.roleName')}>
        <Input allowClear placeholder={t('role.roleName')} data-testid="search-roleName" />
      </Form.Item>
      <Form.Item name="roleKey" label={t('role.roleKey')}>
        <Input allowClear placeholder={t('role.roleKey')} data-testid="search-roleKey" />
      </Form.Item>
      <Form.Item name="status" label={t('common.status')}>
        <DictSelect type={STATUS_DICT} fallback={statusFallback()} placeholder={t('common.status')} data-testid="search-status" />
      </Form.Item>
    </SearchForm>
  );
}
