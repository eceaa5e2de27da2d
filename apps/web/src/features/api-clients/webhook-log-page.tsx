import { Card, Form, Select, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_DELIVERY_STATES, type WebhookDelivery } from '@sl/contracts';
import { PagedTable, SearchForm, usePagedQuery } from '../../shared/table';
import { formatTime } from '../../shared/time/format-time';
import { webhookLogQuery, type DeliveryFilters } from './api/webhook-log';

const STATE_COLORS: Record<string, string> = { pending: 'processing', delivered: 'success', failed: 'error' };
const time = (v: string | null) => (v ? formatTime(v) : '-');

/** Every webhook delivery with its attempts; a failing one shows its last error and next attempt. */
export default function WebhookLogPage() {
  const { t } = useTranslation();
  const paged = usePagedQuery(webhookLogQuery, {} as DeliveryFilters);
  const columns: ColumnsType<WebhookDelivery> = [
    { title: t('webhook.createdAt'), dataIndex: 'createdAt', width: 170, render: time },
    { title: t('webhook.client'), dataIndex: 'clientName', width: 130 },
    { title: t('webhook.eventType'), dataIndex: 'eventType', width: 130, render: (v: string) => t(`webhook.event.${v}`) },
    { title: t('webhook.url'), dataIndex: 'url', ellipsis: true },
    {
      title: t('webhook.state'), dataIndex: 'state', width: 100,
      render: (s: string, r) => (
        <Tooltip title={r.lastError || undefined}>
          <Tag color={STATE_COLORS[s]} data-testid={`webhook-state-${r.id}`}>{t(`webhook.state.${s}`)}</Tag>
        </Tooltip>
      ),
    },
    { title: t('webhook.attempts'), dataIndex: 'attempts', width: 90 },
    { title: t('webhook.lastStatus'), dataIndex: 'lastStatus', width: 100, render: (v: number | null) => v ?? '-' },
    { title: t('webhook.nextAttempt'), dataIndex: 'nextAttemptAt', width: 170, render: time },
    { title: t('webhook.deliveredAt'), dataIndex: 'deliveredAt', width: 170, render: time },
  ];
  return (
    <Card>
      <SearchForm<DeliveryFilters> onSearch={paged.setFilters} onReset={paged.reset}>
        <Form.Item name="state" label={t('webhook.state')}>
          <Select allowClear style={{ width: 130 }} placeholder={t('common.pleaseSelect')} options={WEBHOOK_DELIVERY_STATES.map((s) => ({ value: s, label: t(`webhook.state.${s}`) }))} />
        </Form.Item>
      </SearchForm>
      <PagedTable<WebhookDelivery> paged={paged} rowKey="id" columns={columns} data-testid="webhook-log-table" />
    </Card>
  );
}
