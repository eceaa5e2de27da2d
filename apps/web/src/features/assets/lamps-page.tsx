import { useState } from 'react';
import { Button, Card, Form, Input, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LampAsset } from '@sl/contracts';
import { Access, usePermission } from '../../shared/permission/access';
import { PagedTable, QueryError, SearchForm, confirmDelete, usePagedQuery } from '../../shared/table';
import { exportLamps, lampsQuery, typeOptionsQuery, useDeleteLamps, type LampFilters } from './api/assets-api';
import { LampDialog } from './components/lamp-dialog';
import { LampImportDialog } from './components/lamp-import-dialog';

const perm = (action: string) => [`asset:lamp:${action}`];
const today = () => new Date().toISOString().slice(0, 10);

/** The register of lamps and cabinet circuits on poles, with its workbook. */
export default function LampsPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const types = useQuery(typeOptionsQuery());
  const paged = usePagedQuery(lampsQuery, {} as LampFilters);
  const [dialog, setDialog] = useState<{ row: LampAsset | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const remove = useDeleteLamps();
  const onDelete = (rows: LampAsset[]) => confirmDelete({ names: rows.map((r) => r.poleNo), onOk: () => remove.mutateAsync(rows.map((r) => r.assetId)) });
  const columns: ColumnsType<LampAsset> = [
    { title: t('asset.poleNo'), dataIndex: 'poleNo', fixed: 'left', render: (v: string) => <Link to={`/asset/pole/${encodeURIComponent(v)}`}>{v}</Link> },
    { title: t('asset.lampType'), dataIndex: 'typeName' },
    { title: t('asset.terminal'), dataIndex: 'terminalSn', render: (v: string | null, r) => (v ? `${v}${r.loop ? ` / ${t('asset.loop')} ${r.loop}` : ''}` : '') },
    { title: t('asset.lampCount'), dataIndex: 'lampCount', align: 'right' },
    { title: t('asset.dept'), dataIndex: 'deptName' },
    { title: t('asset.installDate'), dataIndex: 'installDate' },
    {
      title: t('asset.warrantyEnd'), dataIndex: 'warrantyEnd',
      render: (v: string | null) => v && <Tag color={v < today() ? 'default' : 'success'}>{v}</Tag>,
    },
    { title: t('asset.supplier'), dataIndex: 'supplier' },
    { title: t('asset.burnHours'), dataIndex: 'burnHours', align: 'right', render: (v: number | null) => (v === null ? '' : Math.round(v)) },
    { title: t('asset.repairs'), dataIndex: 'repairs', align: 'right' },
    {
      title: t('common.actions'), key: 'actions', fixed: 'right',
      render: (_, row) => (
        <Space>
          {can(perm('edit')) && <Button type="link" size="small" data-testid="row-edit" onClick={() => setDialog({ row })}>{t('common.edit')}</Button>}
          {can(perm('remove')) && <Button type="link" size="small" danger data-testid="row-delete" onClick={() => onDelete([row])}>{t('common.delete')}</Button>}
        </Space>
      ),
    },
  ];
  return (
    <Card>
      <SearchForm<LampFilters> onSearch={paged.setFilters} onReset={paged.reset}>
        <Form.Item name="poleNo" label={t('asset.poleNo')}><Input allowClear placeholder={t('common.pleaseEnter')} data-testid="search-poleNo" /></Form.Item>
        <Form.Item name="lampTypeId" label={t('asset.lampType')}>
          <Select allowClear style={{ minWidth: 160 }} placeholder={t('common.pleaseSelect')} options={(types.data ?? []).map((o) => ({ value: o.lampTypeId, label: o.name }))} data-testid="search-lampType" />
        </Form.Item>
        <Form.Item name="supplier" label={t('asset.supplier')}><Input allowClear placeholder={t('common.pleaseEnter')} data-testid="search-supplier" /></Form.Item>
        <Form.Item name="warranty" label={t('asset.warranty')}>
          <Select allowClear style={{ minWidth: 120 }} placeholder={t('common.pleaseSelect')} options={(['active', 'expired'] as const).map((w) => ({ value: w, label: t(`asset.warranty.${w}`) }))} data-testid="search-warranty" />
        </Form.Item>
      </SearchForm>
      <Space style={{ marginBottom: 16 }} wrap>
        <Access permissions={perm('add')}><Button type="primary" icon={<PlusOutlined />} data-testid="btn-add" onClick={() => setDialog({ row: null })}>{t('common.add')}</Button></Access>
        <Access permissions={perm('import')}><Button icon={<UploadOutlined />} data-testid="btn-import" onClick={() => setImporting(true)}>{t('asset.import')}</Button></Access>
        <Access permissions={perm('export')}><Button icon={<DownloadOutlined />} data-testid="btn-export" onClick={() => void exportLamps(paged.filters)}>{t('asset.export')}</Button></Access>
      </Space>
      <QueryError query={paged.query} />
      <PagedTable<LampAsset> paged={paged} rowKey="assetId" columns={columns} scroll={{ x: 'max-content' }} empty={{ reason: t('asset.lamp.empty'), hint: t('asset.lamp.emptyHint') }} />
      <LampDialog open={dialog !== null} row={dialog?.row ?? null} onClose={() => setDialog(null)} />
      <LampImportDialog open={importing} onClose={() => setImporting(false)} />
    </Card>
  );
}
