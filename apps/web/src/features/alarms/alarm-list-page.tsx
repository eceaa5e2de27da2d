import { useState } from 'react';
import { Button, Card, Space } from 'antd';
import { CheckOutlined, DownloadOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Alarm } from '@sl/contracts';
import { Access } from '../../shared/permission/access';
import { downloadFile, type Params } from '../../shared/request';
import { PagedTable, usePagedQuery } from '../../shared/table';
import { alarmsQuery, useMarkAllRead, useMarkRead, type AlarmFilters } from './api/alarms';
import { AddAlarmDialog } from './components/add-alarm-dialog';
import { ALARM_TABLE_WIDTH, alarmColumns } from './components/alarm-columns';
import { AlarmDetailDrawer } from './components/alarm-detail-drawer';
import { AlarmSearch } from './components/alarm-search';
import { DispatchDialog } from './components/dispatch-dialog';
import { SmsDialog } from './components/sms-dialog';
import { useAlarmListPushes } from './components/use-alarm-list-pushes';

/** `/bjsz/list`: alarms in scope with filters, read counters, detail, manual entry and dispatch into work orders. */
export default function AlarmListPage() {
  const { t } = useTranslation();
  const paged = usePagedQuery(alarmsQuery, {} as AlarmFilters);
  const [selected, setSelected] = useState<Alarm[]>([]);
  const [open, setOpen] = useState<number | null>(null);
  const [dispatching, setDispatching] = useState<number[]>([]);
  const [texting, setTexting] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  useAlarmListPushes();
  return (
    <Card>
      <AlarmSearch onSearch={paged.setFilters} onReset={paged.reset} />
      <Space style={{ marginBottom: 16 }} wrap>
        <Access permissions={['alarm:alarm:dispatch']}>
          <Button type="primary" icon={<SendOutlined />} disabled={!selected.length} onClick={() => setDispatching(selected.map((a) => a.alarmId))} data-testid="btn-dispatch">
            {t('alarm.dispatch')}
          </Button>
        </Access>
        <Access permissions={['alarm:alarm:dispatch']}>
          <Button disabled={selected.length !== 1} onClick={() => setTexting(selected[0]!.alarmId)} data-testid="btn-sms-selected">{t('alarm.sendSms')}</Button>
        </Access>
        <Button icon={<CheckOutlined />} disabled={!selected.length} loading={markRead.isPending} onClick={() => markRead.mutate(selected.map((a) => a.alarmId))} data-testid="btn-read-selected">
          {t('alarm.markRead')}
        </Button>
        <Button loading={markAll.isPending} onClick={() => markAll.mutate()} data-testid="btn-read-all">{t('alarm.markAllRead')}</Button>
        <Button icon={<DownloadOutlined />} onClick={() => void downloadFile('/api/v1/alarm/export', paged.filters as Params, 'alarms.xlsx')} data-testid="btn-export">
          {t('alarm.export')}
        </Button>
        <Access permissions={['alarm:alarm:add']}>
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="btn-add-alarm">{t('alarm.add')}</Button>
        </Access>
      </Space>
      <PagedTable<Alarm>
        paged={paged}
        rowKey="alarmId"
        columns={alarmColumns(t, (a) => setOpen(a.alarmId))}
        scroll={{ x: ALARM_TABLE_WIDTH }}
        rowSelection={{ selectedRowKeys: selected.map((a) => a.alarmId), onChange: (_, rows) => setSelected(rows) }}
      />
      <AlarmDetailDrawer alarmId={open} onClose={() => setOpen(null)} />
      <SmsDialog alarmId={texting} onClose={() => setTexting(null)} />
      <DispatchDialog alarmIds={dispatching} onClose={() => { setDispatching([]); setSelected([]); }} />
      <AddAlarmDialog open={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
