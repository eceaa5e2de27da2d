import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { SetKind, SetRow } from '@sl/contracts';
import { Access, usePermission } from '../../shared/permission/access';
import { http, feedback } from '../../shared/request';
import { PagedTable, SearchForm, confirmDelete, usePagedQuery } from '../../shared/table';
import { TerminalPicker } from '../../shared/terminal-picker/terminal-picker';
import { formatTime } from '../../shared/time/format-time';
import { setsQuery, useDeleteSets } from './api/control-api';
import { SetDialog } from './components/set-dialog';

/** Columns of each kind beside name, members and time. */
function kindColumns(kind: SetKind, t: TFunction, num: Intl.NumberFormat): ColumnsType<SetRow> {
  const d = (k: string) => (row: SetRow) => row.data[k] as never;
  if (kind === 'strategy') return [{ title: t('control.isDefault'), render: (_, r) => (r.isDefault ? <Tag color="blue">{t('control.default')}</Tag> : null) }];
  if (kind === 'electricity')
    return [{ title: t('control.periods'), render: (_, r) => <Space direction="vertical" size={0}>{(d('periods')(r) as Array<{ from: string; to: string; price: number }>).map((p, i) => <span key={i}>{p.from}–{p.to} · {num.format(p.price)} {String(r.data.currency ?? '')}/kWh</span>)}</Space> }];
  if (kind === 'maintenance')
    return [
      { title: t('control.unit'), render: (_, r) => d('unit')(r) },
      { title: t('control.contact'), render: (_, r) => `${d('contact')(r) ?? ''} ${d('phone')(r) ?? ''}` },
      { title: t('control.intervalDays'), render: (_, r) => t('control.everyNDays', { n: d('intervalDays')(r) }) },
    ];
  return [];
}

function AssignStrategy({ open, onClose, strategies }: { open: boolean; onClose: () => void; strategies: SetRow[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [ids, setIds] = useState<number[]>([]);
  const [strategyId, setStrategyId] = useState<number | null>(null);
  const ok = async () => {
    await http.put('/api/v1/strategy/set/terminal/update', { terminalIds: ids, strategyId });
    feedback.message().success(t('control.saved'));
    await client.invalidateQueries({ queryKey: ['control'] });
    onClose();
  };
  return (
    <Modal open={open} title={t('control.assignStrategy')} width={1000} onCancel={onClose} onOk={() => void ok()} okButtonProps={{ disabled: !ids.length }} destroyOnHidden>
      <Select style={{ width: 280, marginBottom: 12 }} value={strategyId} onChange={setStrategyId} options={[{ value: null, label: t('control.backToDefault') }, ...strategies.map((s) => ({ value: s.id, label: s.name }))]} />
      <TerminalPicker value={ids} onChange={setIds} />
    </Modal>
  );
}

/** One page per kind of set: strategy, area, electricity and maintenance. */
export function SetPage({ kind }: { kind: SetKind }) {
  const { t, i18n } = useTranslation();
  const can = usePermission();
  const paged = usePagedQuery(setsQuery(kind), {} as { name?: string });
  const [dialog, setDialog] = useState<{ row: SetRow | null } | null>(null);
  const [assign, setAssign] = useState(false);
  const remove = useDeleteSets(kind);
  const num = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 });
  const columns: ColumnsType<SetRow> = [
    { title: t('control.name'), dataIndex: 'name', fixed: 'left' },
    ...kindColumns(kind, t, num),
    ...(kind === 'electricity' ? [] : [{ title: t('control.terminalCount'), dataIndex: 'terminalCount', render: (n: number) => num.format(n) }]),
    { title: t('control.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatTime(v) },
    {
      title: t('common.actions'), key: 'actions', fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          {can([`policy:${kind}:edit`]) && <Button type="link" size="small" data-testid="row-edit" onClick={() => setDialog({ row })}>{t('common.edit')}</Button>}
          {can([`policy:${kind}:remove`]) && <Button type="link" size="small" danger data-testid="row-delete" onClick={() => confirmDelete({ names: [row.name], onOk: () => remove.mutateAsync([row.id]) })}>{t('common.delete')}</Button>}
        </Space>
      ),
    },
  ];
  return (
    <Card>
      <SearchForm<{ name?: string }> onSearch={paged.setFilters} onReset={paged.reset}>
        <Form.Item name="name" label={t('control.name')}><Input allowClear placeholder={t('common.pleaseEnter')} data-testid="search-name" /></Form.Item>
      </SearchForm>
      <Space style={{ marginBottom: 16 }}>
        <Access permissions={[`policy:${kind}:add`]}>
          <Button type="primary" icon={<PlusOutlined />} data-testid="btn-add" onClick={() => setDialog({ row: null })}>{t(`control.set.${kind}.add`)}</Button>
        </Access>
        {kind === 'strategy' && (
          <Access permissions={['policy:strategy:edit']}>
            <Button onClick={() => setAssign(true)} data-testid="btn-assign">{t('control.assignStrategy')}</Button>
          </Access>
        )}
      </Space>
      <PagedTable<SetRow> paged={paged} rowKey="id" columns={columns} />
      <SetDialog kind={kind} open={dialog !== null} row={dialog?.row ?? null} onClose={() => setDialog(null)} />
      {kind === 'strategy' && <AssignStrategy open={assign} onClose={() => setAssign(false)} strategies={paged.list} />}
    </Card>
  );
}
