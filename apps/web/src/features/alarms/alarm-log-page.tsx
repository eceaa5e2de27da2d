import { useState } from 'react';
import { Button, Card, Form, InputNumber, Select, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { WORKFLOW_EVENT_NAMES, type AlarmLogRow } from '@sl/contracts';
import { Access } from '../../shared/permission/access';
import { PagedTable, SearchForm, confirmDelete, usePagedQuery } from '../../shared/table';
import { formatTime } from '../../shared/time/format-time';
import { alarmKeys, alarmLogsQuery, deleteAlarmLogs, type AlarmLogFilters } from './api/alarms';
import { useAlarmNames } from './components/alarm-names';
import { AlarmKindTag, AlarmStatusTag } from './components/alarm-tags';

/** The alarm log: every status change of every alarm in scope, who made it and why. */
export default function AlarmLogPage() {
  const { t } = useTranslation();
  const names = useAlarmNames();
  const queryClient = useQueryClient();
  const paged = usePagedQuery(alarmLogsQuery, {} as AlarmLogFilters);
  const [selected, setSelected] = useState<AlarmLogRow[]>([]);
  const remove = (rows: AlarmLogRow[]) =>
    confirmDelete({
      names: rows.map((r) => `#${r.logId}`),
      onOk: () => deleteAlarmLogs(rows.map((r) => r.logId)).then(() => { setSelected([]); void queryClient.invalidateQueries({ queryKey: alarmKeys.logs }); }),
    });
  const columns: ColumnsType<AlarmLogRow> = [
    { title: t('alarm.at'), dataIndex: 'at', width: 170, render: (v: string) => formatTime(v) },
    { title: t('alarm.id'), dataIndex: 'alarmId', width: 80 },
    { title: t('alarm.kind'), dataIndex: 'kind', width: 130, render: (k: string) => <AlarmKindTag kind={k} /> },
    { title: t('alarm.terminal'), dataIndex: 'terminalName', width: 150, ellipsis: true },
    { title: t('alarm.event'), dataIndex: 'event', width: 120, render: (e: string) => names.event(e) },
    { title: t('alarm.from'), dataIndex: 'fromStatus', width: 120, render: (s: number | null) => (s ? <AlarmStatusTag status={s} /> : '-') },
    { title: t('alarm.to'), dataIndex: 'toStatus', width: 120, render: (s: number) => <AlarmStatusTag status={s} /> },
    { title: t('alarm.by'), dataIndex: 'userName', width: 110, render: (v: string) => v || t('alarm.byDevice') },
    { title: t('alarm.orderId'), dataIndex: 'orderId', width: 90, render: (v: number | null) => v ?? '-' },
    { title: t('alarm.note'), dataIndex: 'note', ellipsis: true },
  ];
  return (
    <Card>
      <SearchForm<AlarmLogFilters> onSearch={paged.setFilters} onReset={paged.reset}>
        <Form.Item name="alarmId" label={t('alarm.id')}><InputNumber min={1} style={{ width: 120 }} /></Form.Item>
        <Form.Item name="event" label={t('alarm.event')}>
          <Select allowClear style={{ width: 160 }} placeholder={t('common.pleaseSelect')} options={Object.keys(WORKFLOW_EVENT_NAMES).map((e) => ({ value: e, label: names.event(e) }))} />
        </Form.Item>
      </SearchForm>
      <Access permissions={['alarm:log:remove']}>
        <Space style={{ marginBottom: 16 }}>
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={() => remove(selected)}>{t('common.deleteSelected')}</Button>
        </Space>
      </Access>
      <PagedTable<AlarmLogRow> paged={paged} rowKey="logId" columns={columns} rowSelection={{ selectedRowKeys: selected.map((r) => r.logId), onChange: (_, rows) => setSelected(rows) }} />
    </Card>
  );
}
