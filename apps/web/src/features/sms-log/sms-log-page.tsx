import { Card, Form, Input, Select, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { SMS_STATES, type SmsLogRow } from '@sl/contracts';
import { PagedTable, SearchForm, usePagedQuery } from '../../shared/table';
import { formatTime } from '../../shared/time/format-time';
import { smsLogQuery, type SmsFilters } from './api/sms-log';

const STATE_COLORS: Record<string, string> = { pending: 'processing', sent: 'success', failed: 'error' };

/** Every text message with its delivery state; failures show their attempts and last error. */
export default function SmsLogPage() {
  const { t } = useTranslation();
  const paged = usePagedQuery(smsLogQuery, {} as SmsFilters);
  const columns: ColumnsType<SmsLogRow> = [
    { title: t('sms.createdAt'), dataIndex: 'createdAt', width: 170, render: (v: string) => formatTime(v) },
    { title: t('sms.phone'), dataIndex: 'phone', width: 130 },
    { title: t('sms.user'), dataIndex: 'userName', width: 110 },
    { title: t('sms.template'), dataIndex: 'template', width: 100, render: (v: string) => t(`sms.template.${v}`) },
    { title: t('sms.content'), dataIndex: 'content', ellipsis: true },
    {
      title: t('sms.state'), dataIndex: 'state', width: 110,
      render: (s: string, r) => (
        <Tooltip title={r.lastError || undefined}>
          <Tag color={STATE_COLORS[s]} data-testid={`sms-state-${r.smsId}`}>{t(`sms.state.${s}`)}</Tag>
        </Tooltip>
      ),
    },
    { title: t('sms.attempts'), dataIndex: 'attempts', width: 90 },
    { title: t('sms.provider'), dataIndex: 'provider', width: 90 },
    { title: t('sms.orderId'), dataIndex: 'orderId', width: 90, render: (v: number | null) => v ?? '-' },
    { title: t('sms.sentAt'), dataIndex: 'sentAt', width: 170, render: (v: string | null) => (v ? formatTime(v) : '-') },
  ];
  return (
    <Card>
      <SearchForm<SmsFilters> onSearch={paged.setFilters} onReset={paged.reset}>
        <Form.Item name="state" label={t('sms.state')}>
          <Select allowClear style={{ width: 130 }} placeholder={t('common.pleaseSelect')} options={SMS_STATES.map((s) => ({ value: s, label: t(`sms.state.${s}`) }))} />
        </Form.Item>
        <Form.Item name="phone" label={t('sms.phone')}>
          <Input allowClear style={{ width: 150 }} placeholder={t('common.pleaseEnter')} />
        </Form.Item>
      </SearchForm>
      <PagedTable<SmsLogRow> paged={paged} rowKey="smsId" columns={columns} data-testid="sms-table" />
    </Card>
  );
}
