import { useState } from 'react';
import { Card, Form, Input, List, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { REPAIR_STATUS_NAMES, type Locale, type WorkOrder, type WorkOrderAction } from '@sl/contracts';
import { usePaginationProps } from '../../shared/pagination';
import { usePermission } from '../../shared/permission/access';
import { SearchForm, usePagedQuery } from '../../shared/table';
import { ordersQuery, useOrderAction, type OrderFilters } from './api/work-orders';
import { CompleteDialog } from './components/complete-dialog';
import { NoteDialog } from './components/note-dialog';
import { OrderCard } from './components/order-card';

/** Who sends alarms to the crews. */
const DISPATCH_PERMISSION = 'alarm:alarm:dispatch';

type Pending = { order: WorkOrder; action: 'progress' | 'rollBack' | 'recall' } | null;

/** Repair work orders: "my orders" for the crew (built for a phone) and every order in scope for dispatchers, who open on those. */
export default function WorkOrderPage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.language === 'en-US' ? 'en-US' : 'zh-CN') as Locale;
  const can = usePermission();
  // A dispatcher opens on every order in scope (their crews' progress, completion times and photos), the crew on its own.
  const [scope, setScope] = useState<OrderFilters['scope']>(() => (can([DISPATCH_PERMISSION]) ? 'all' : 'mine'));
  const paged = usePagedQuery(ordersQuery, { scope } as OrderFilters, 10);
  const pagination = usePaginationProps({ pageIndex: paged.pageIndex, pageSize: paged.pageSize, total: paged.total, onPageChange: paged.onPageChange });
  const act = useOrderAction();
  const [noting, setNoting] = useState<Pending>(null);
  const [completing, setCompleting] = useState<number | null>(null);
  const run = (order: WorkOrder, action: WorkOrderAction, extra: { note?: string; photos?: string[] } = {}) =>
    act.mutate({ action, orderId: order.orderId, ...extra }, { onSuccess: () => { setNoting(null); setCompleting(null); } });
  const onAction = (order: WorkOrder, action: WorkOrderAction) => {
    if (action === 'pickUp') run(order, action);
    else if (action === 'complete') setCompleting(order.orderId);
    else setNoting({ order, action });
  };
  const changeScope = (value: OrderFilters['scope']) => {
    setScope(value);
    paged.setFilters({ ...paged.filters, scope: value });
  };
  return (
    <Card styles={{ body: { padding: 12 } }}>
      <Segmented<OrderFilters['scope']>
        block
        value={scope}
        onChange={changeScope}
        options={[{ value: 'mine', label: t('order.mine') }, { value: 'all', label: t('order.all') }]}
        style={{ marginBottom: 12 }}
        data-testid="order-scope"
      />
      <SearchForm<Omit<OrderFilters, 'scope'>> onSearch={(f) => paged.setFilters({ ...f, scope })} onReset={() => paged.setFilters({ scope })}>
        <Form.Item name="status" label={t('order.status')}>
          <Select allowClear style={{ width: 140 }} placeholder={t('common.pleaseSelect')} options={Object.keys(REPAIR_STATUS_NAMES).map((s) => ({ value: Number(s), label: REPAIR_STATUS_NAMES[Number(s)][locale] }))} />
        </Form.Item>
        <Form.Item name="sn" label={t('alarm.sn')}>
          <Input allowClear style={{ width: 140 }} placeholder={t('common.pleaseEnter')} />
        </Form.Item>
      </SearchForm>
      <List<WorkOrder>
        loading={paged.loading}
        dataSource={paged.list}
        grid={{ gutter: 12, xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
        locale={{ emptyText: t(scope === 'mine' ? 'order.noneMine' : 'order.none') }}
        pagination={paged.total > paged.pageSize ? { ...pagination, size: 'small', simple: true } : false}
        renderItem={(order) => (
          <List.Item>
            <OrderCard order={order} onAction={onAction} />
          </List.Item>
        )}
        data-testid="order-list"
      />
      <NoteDialog
        title={noting && t(`order.action.${noting.action}`)}
        required={noting?.action !== 'progress'}
        saving={act.isPending}
        onClose={() => setNoting(null)}
        onSubmit={(note) => noting && run(noting.order, noting.action, { note })}
      />
      <CompleteDialog
        orderId={completing}
        saving={act.isPending}
        onClose={() => setCompleting(null)}
        onSubmit={(note, photos) => completing && run(paged.list.find((o) => o.orderId === completing)!, 'complete', { note, photos })}
      />
    </Card>
  );
}
