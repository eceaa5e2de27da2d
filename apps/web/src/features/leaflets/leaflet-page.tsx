import { useState } from 'react';
import { Button, Card, Form, Input, List, Segmented, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Leaflet, LeafletAction } from '@sl/contracts';
import { Access, usePermission } from '../../shared/permission/access';
import { usePaginationProps } from '../../shared/pagination';
import { SearchForm, confirmDelete, usePagedQuery } from '../../shared/table';
import { leafletsQuery, useDeleteLeaflet, useLeafletReceipt, type LeafletFilters } from './api/leaflets-api';
import { CompleteDialog } from './components/complete-dialog';
import { LeafletCard } from './components/leaflet-card';
import { LeafletDialog } from './components/leaflet-dialog';
import { LeafletTable } from './components/leaflet-table';

type Scope = LeafletFilters['scope'];

/** Dispatch leaflets (派发传单): the supervisor's table of every leaflet in scope, and the crew's cards of those sent to them (built for a phone). */
export default function LeafletPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const [scope, setScope] = useState<Scope>(() => (can(['dispatch:leaflet:add']) ? 'all' : 'mine'));
  const paged = usePagedQuery(leafletsQuery, { scope } as LeafletFilters, 10);
  const pagination = usePaginationProps({ pageIndex: paged.pageIndex, pageSize: paged.pageSize, total: paged.total, onPageChange: paged.onPageChange });
  const [dialog, setDialog] = useState<{ row: Leaflet | null } | null>(null);
  const [completing, setCompleting] = useState<number | null>(null);
  const remove = useDeleteLeaflet();
  const receipt = useLeafletReceipt();
  const onAction = (l: Leaflet, action: LeafletAction) => (action === 'complete' ? setCompleting(l.id) : receipt.mutate({ action, id: l.id }));
  const changeScope = (value: Scope) => {
    setScope(value);
    paged.setFilters({ ...paged.filters, scope: value });
  };
  return (
    <Card styles={{ body: { padding: 12 } }}>
      <Segmented<Scope> block value={scope} onChange={changeScope} style={{ marginBottom: 12 }} data-testid="leaflet-scope"
        options={[{ value: 'mine', label: t('leaflet.mine') }, { value: 'all', label: t('leaflet.all') }]} />
      <SearchForm<Omit<LeafletFilters, 'scope'>> onSearch={(f) => paged.setFilters({ ...f, scope })} onReset={() => paged.setFilters({ scope })}>
        <Form.Item name="title" label={t('leaflet.title')}><Input allowClear style={{ width: 160 }} placeholder={t('common.pleaseEnter')} data-testid="search-title" /></Form.Item>
        <Form.Item name="status" label={t(scope === 'mine' ? 'leaflet.myStatus' : 'leaflet.status')}>
          <Select allowClear style={{ width: 130 }} placeholder={t('common.pleaseSelect')} options={[1, 2, 3].map((s) => ({ value: s, label: t(`leaflet.status.${s}`) }))} data-testid="search-status" />
        </Form.Item>
        <Form.Item name="overdue" label={t('leaflet.overdue')}>
          <Select allowClear style={{ width: 130 }} placeholder={t('common.pleaseSelect')} options={[{ value: true, label: t('leaflet.onlyOverdue') }]} />
        </Form.Item>
      </SearchForm>
      {scope === 'all' ? (
        <>
          <Access permissions={['dispatch:leaflet:add']}>
            <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 16 }} data-testid="btn-add" onClick={() => setDialog({ row: null })}>{t('leaflet.add')}</Button>
          </Access>
          <LeafletTable paged={paged} onEdit={(row) => setDialog({ row })} onDelete={(row) => confirmDelete({ names: [row.title], onOk: () => remove.mutateAsync(row.id) })} />
        </>
      ) : (
        <List<Leaflet>
          loading={paged.loading}
          dataSource={paged.list}
          grid={{ gutter: 12, xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
          locale={{ emptyText: t('leaflet.noneMine') }}
          pagination={paged.total > paged.pageSize ? { ...pagination, size: 'small', simple: true } : false}
          renderItem={(l) => <List.Item><LeafletCard leaflet={l} onAction={onAction} /></List.Item>}
          data-testid="leaflet-list"
        />
      )}
      <LeafletDialog open={dialog !== null} row={dialog?.row ?? null} onClose={() => setDialog(null)} />
      <CompleteDialog leafletId={completing} saving={receipt.isPending} onClose={() => setCompleting(null)}
        onSubmit={(note) => completing && receipt.mutate({ action: 'complete', id: completing, note }, { onSuccess: () => setCompleting(null) })} />
    </Card>
  );
}
