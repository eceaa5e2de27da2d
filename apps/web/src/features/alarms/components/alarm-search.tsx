import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '../../../shared/table';
import type { AlarmFilters } from '../api/alarms';
import { useAlarmNames } from './alarm-names';

type Form = Omit<AlarmFilters, 'from' | 'to'> & { range?: [Dayjs, Dayjs] };

export function AlarmSearch({ onSearch, onReset }: { onSearch: (f: AlarmFilters) => void; onReset: () => void }) {
  const { t } = useTranslation();
  const names = useAlarmNames();
  const submit = ({ range, ...rest }: Form) => onSearch({ ...rest, from: range?.[0]?.toISOString(), to: range?.[1]?.toISOString() });
  return (
    <SearchForm<Form> onSearch={submit} onReset={onReset}>
      <Form.Item name="status" label={t('alarm.status')}>
        <Select allowClear options={names.statusOptions} placeholder={t('common.pleaseSelect')} style={{ width: 150 }} data-testid="search-status" />
      </Form.Item>
      <Form.Item name="kind" label={t('alarm.kind')}>
        <Select allowClear options={names.kindOptions} placeholder={t('common.pleaseSelect')} style={{ width: 160 }} data-testid="search-kind" />
      </Form.Item>
      <Form.Item name="family" label={t('alarm.family')}>
        <Select allowClear options={['rdcsm', 'rdc4m'].map((value) => ({ value, label: value }))} placeholder={t('common.pleaseSelect')} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="sn" label={t('alarm.sn')}>
        <Input allowClear placeholder={t('common.pleaseEnter')} style={{ width: 150 }} data-testid="search-sn" />
      </Form.Item>
      <Form.Item name="read" label={t('alarm.read')}>
        <Select allowClear options={[{ value: '0', label: t('alarm.unread') }, { value: '1', label: t('alarm.readYes') }]} placeholder={t('common.pleaseSelect')} style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="range" label={t('alarm.raisedAt')}>
        <DatePicker.RangePicker showTime />
      </Form.Item>
    </SearchForm>
  );
}
