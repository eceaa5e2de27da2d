import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '../../../shared/dict';
import { SearchForm } from '../../../shared/table';
import type { NoticeFilters } from '../api/notices';

export function NoticeSearch({ onSearch, onReset }: { onSearch: (f: NoticeFilters) => void; onReset: () => void }) {
  const { t } = useTranslation();
  const statuses = [0, 1, 2].map((value) => ({ value, label: t(`notice.recvStatus.${value}`) }));
  return (
    <SearchForm<NoticeFilters> onSearch={onSearch} onReset={onReset}>
      <Form.Item name="title" label={t('notice.title')}>
        <Input allowClear placeholder={t('common.pleaseEnter')} data-testid="search-title" />
      </Form.Item>
      <Form.Item name="recvStatus" label={t('notice.state')}>
        <Select allowClear options={statuses} placeholder={t('common.pleaseSelect')} style={{ width: 160 }} data-testid="search-recv-status" />
      </Form.Item>
      <Form.Item name="level" label={t('notice.level')}>
        <DictSelect type="sl_notice_level" placeholder={t('common.pleaseSelect')} data-testid="search-level" />
      </Form.Item>
    </SearchForm>
  );
}
