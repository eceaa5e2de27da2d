import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_FAMILIES } from '@sl/contracts';
import { SearchForm } from '../../../shared/table';
import type { InventoryFilters } from '../api/inventory';

export function InventorySearch({ onSearch, onReset }: { onSearch: (f: InventoryFilters) => void; onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <SearchForm<InventoryFilters> onSearch={onSearch} onReset={onReset}>
      <Form.Item name="sn" label={t('inventory.sn')}><Input allowClear placeholder={t('common.pleaseEnter')} data-testid="search-sn" /></Form.Item>
      <Form.Item name="name" label={t('inventory.name')}><Input allowClear placeholder={t('common.pleaseEnter')} data-testid="search-name" /></Form.Item>
      <Form.Item name="family" label={t('inventory.family')}>
        <Select allowClear style={{ minWidth: 120 }} placeholder={t('common.pleaseSelect')} options={DEVICE_FAMILIES.map((f) => ({ value: f, label: f }))} data-testid="search-family" />
      </Form.Item>
      <Form.Item name="status" label={t('inventory.status')}>
        <Select allowClear style={{ minWidth: 120 }} placeholder={t('common.pleaseSelect')} options={[1, 2].map((s) => ({ value: s, label: t(`inventory.status.${s}`) }))} data-testid="search-status" />
      </Form.Item>
    </SearchForm>
  );
}
