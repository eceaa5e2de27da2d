import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '../../../shared/dict';
import { STATUS_DICT, statusFallback } from '../../../shared/org/status-options';
import { SearchForm } from '../../../shared/table';
import type { UserFilters } from '../api/get-users';

interface Props {
  onSearch: (values: UserFilters) => void;
  onReset: () => void;
}

export function UserSearch({ onSearch, onReset }: Props) {
  const { t } = useTranslation();
  return (
    <SearchForm<UserFilters> onSearch={onSearch} onReset={onReset}>
      <Form.Item name="username" label={t('user.username')}>
        <Input allowClear placeholder={t('user.username')} data-testid="search-username" />
      </Form.Item>
      <Form.Item name="nickName" label={t('user.nickName')}>
        <Input allowClear placeholder={t('user.nickName')} data-testid="search-nickName" />
      </Form.Item>
      <Form.Item name="phone" label={t('user.phone')}>
        <Input allowClear placeholder={t('user.phone')} data-testid="search-phone" />
      </Form.Item>
      <Form.Item name="status" label={t('common.status')}>
        <DictSelect type={STATUS_DICT} fallback={statusFallback()} placeholder={t('common.status')} data-testid="search-status" />
      </Form.Item>
    </SearchForm>
  );
}
