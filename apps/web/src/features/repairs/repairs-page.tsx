import { useState } from 'react';
import { Button, Card, Space } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TerminalRepair } from '@sl/contracts';
import { Access } from '../../shared/permission/access';
import { PagedTable, QueryError, usePagedQuery } from '../../shared/table';
import { repairsQuery, type RepairFilters } from './api/repairs';
import { repairColumns } from './components/repair-columns';
import { RepairSearch } from './components/repair-search';
import { ReplaceDialog } from './components/replace-dialog';

/** Replacements of failed terminals by spares, newest first. */
export default function RepairsPage() {
  const { t } = useTranslation();
  const paged = usePagedQuery(repairsQuery, {} as RepairFilters);
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <RepairSearch onSearch={paged.setFilters} onReset={paged.reset} />
      <Space style={{ marginBottom: 16 }}>
        <Access permissions={['terminal:repair:replace']}>
          <Button type="primary" icon={<SwapOutlined />} data-testid="btn-replace" onClick={() => setOpen(true)}>{t('repair.replace')}</Button>
        </Access>
      </Space>
      <QueryError query={paged.query} />
      <PagedTable<TerminalRepair> paged={paged} rowKey="id" columns={repairColumns(t)} />
      <ReplaceDialog open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
