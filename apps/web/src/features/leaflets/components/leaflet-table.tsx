import { Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Leaflet } from '@sl/contracts';
import { usePermission } from '../../../shared/permission/access';
import { PagedTable, type PagedControl } from '../../../shared/table';
import { formatTime } from '../../../shared/time/format-time';
import { isOverdue, LeafletStatusTag } from './leaflet-status-tag';
import { TargetsText } from './targets-text';

const RECEIVER_COLORS: Record<number, string> = { 1: 'default', 2: 'gold', 3: 'green' };

/** The supervisor's view: every leaflet of the scope with each receiver's progress. */
export function LeafletTable({ paged, onEdit, onDelete }: { paged: PagedControl<Leaflet>; onEdit: (l: Leaflet) => void; onDelete: (l: Leaflet) => void }) {
  const { t } = useTranslation();
  const can = usePermission();
  return (
    <PagedTable<Leaflet>
      paged={paged}
      rowKey="id"
      locale={{ emptyText: t('leaflet.none') }}
      columns={[
        { title: t('leaflet.title'), dataIndex: 'title', fixed: 'left', render: (v: string, row) => <span data-testid={`leaflet-row-${row.id}`}>#{row.id} {v}</span> },
        { title: t('leaflet.instruction'), dataIndex: 'instruction', render: (v: string) => <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 240 }}>{v}</Typography.Text> },
        { title: t('leaflet.targets'), key: 'targets', render: (_, row) => <TargetsText leaflet={row} /> },
        {
          title: t('leaflet.progress'), key: 'receivers',
          render: (_, row) => (
            <Space size={[0, 4]} wrap style={{ maxWidth: 320 }}>
              {row.receivers.map((r) => (
                <Tag key={r.userId} color={RECEIVER_COLORS[r.status]} title={r.note || undefined} data-testid={`receiver-${row.id}-${r.userId}`}>
                  {r.nickName} · {t(`leaflet.status.${r.status}`)}
                </Tag>
              ))}
            </Space>
          ),
        },
        { title: t('leaflet.due'), dataIndex: 'dueAt', render: (v: string) => formatTime(v) },
        { title: t('leaflet.status'), dataIndex: 'status', render: (s: number, row) => <LeafletStatusTag status={s} overdue={isOverdue(row.dueAt, s)} /> },
        { title: t('leaflet.dept'), dataIndex: 'deptName' },
        { title: t('leaflet.createdAt'), dataIndex: 'createdAt', render: (v: string, row) => `${formatTime(v)} · ${row.createdByName}` },
        {
          title: t('common.actions'), key: 'actions', fixed: 'right',
          render: (_, row) => (
            <Space size={0}>
              {can(['dispatch:leaflet:edit']) && row.status < 3 && <Button type="link" size="small" data-testid="row-edit" onClick={() => onEdit(row)}>{t('common.edit')}</Button>}
              {can(['dispatch:leaflet:remove']) && <Button type="link" size="small" danger data-testid="row-delete" onClick={() => onDelete(row)}>{t('common.delete')}</Button>}
            </Space>
          ),
        },
      ]}
    />
  );
}
