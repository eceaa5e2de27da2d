import { Tag } from 'antd';
import type { DeviceFamily, HeartbeatListItem, Task } from '@sl/contracts';
import { detailValue, formatQuantity, taskColumns, taskDetail, type LogPageConfig } from '../../shared/log-page';
import { formatTime } from '../../shared/time/format-time';

const phases = (a: number | null, b: number | null, c: number | null, unit: string) =>
  [a, b, c].filter((v) => v !== null).map((v) => formatQuantity(v, unit)).join(' / ');
const totalPower = (r: HeartbeatListItem) => (r.powerA ?? 0) + (r.powerB ?? 0) + (r.powerC ?? 0);

/** Stored heartbeats of one family. */
export const heartbeatConfig = (family: DeviceFamily): LogPageConfig<HeartbeatListItem> => ({
  key: `heartbeats-${family}`,
  path: `/api/v1/heart/data/list/${family}`,
  rowKey: 'id',
  columns: (t) => [
    { title: t('heartTest.ts'), dataIndex: 'ts', render: (v: string) => formatTime(v) },
    { title: t('heartTest.voltage'), key: 'v', render: (_, r) => phases(r.voltageA, r.voltageB, r.voltageC, 'V') },
    { title: t('heartTest.current'), key: 'i', render: (_, r) => phases(r.currentA, r.currentB, r.currentC, 'A') },
    { title: t('heartTest.power'), key: 'p', align: 'right', render: (_, r) => formatQuantity(totalPower(r), 'kW', 3) },
    { title: t('heartTest.energy'), dataIndex: 'energyKwh', align: 'right', render: (v: number | null) => formatQuantity(v, 'kWh') },
    { title: t('heartTest.lamp'), key: 'lamp', render: (_, r) => (r.on === null ? '' : <Tag color={r.on ? 'green' : 'default'}>{t(r.on ? 'heartTest.on' : 'heartTest.off')}{r.dim !== null ? ` ${r.dim}%` : ''}</Tag>) },
    { title: t('heartTest.leakage'), dataIndex: 'leakageMa', align: 'right', render: (v: number | null) => formatQuantity(v, 'mA') },
  ],
  detail: (t, r) => [
    { label: t('logPage.terminal'), value: `${r.terminalName} (${r.sn}, ${r.family})` },
    { label: t('heartTest.ts'), value: formatTime(r.ts) },
    { label: t('heartTest.receivedAt'), value: formatTime(r.receivedAt) },
    { label: t('heartTest.voltage'), value: phases(r.voltageA, r.voltageB, r.voltageC, 'V') },
    { label: t('heartTest.current'), value: phases(r.currentA, r.currentB, r.currentC, 'A') },
    { label: t('heartTest.power'), value: phases(r.powerA, r.powerB, r.powerC, 'kW') },
    { label: t('heartTest.powerFactor'), value: formatQuantity(r.powerFactor, '', 3) },
    { label: t('heartTest.energy'), value: formatQuantity(r.energyKwh, 'kWh') },
    { label: t('heartTest.lamp'), value: r.on === null ? '' : `${t(r.on ? 'heartTest.on' : 'heartTest.off')}${r.dim !== null ? ` ${r.dim}%` : ''}` },
    { label: t('heartTest.burnHours'), value: formatQuantity(r.burnHours, 'h', 1) },
    { label: t('heartTest.leakage'), value: formatQuantity(r.leakageMa, 'mA') },
    { label: t('heartTest.temperature'), value: formatQuantity(r.temperatureC, '°C', 1) },
    { label: t('heartTest.extra'), value: detailValue(r.extra) },
    { label: t('logPage.task.mid'), value: r.mid },
  ],
  timeLabel: (t) => t('heartTest.ts'),
  empty: (t) => ({ reason: t('heartTest.emptyBeats', { family }), hint: t('heartTest.emptyBeatsHint') }),
});

/** Heartbeat requests sent to terminals of one family, with their outcome. */
export const heartTestLogConfig = (family: DeviceFamily): LogPageConfig<Task> => ({
  key: `hearttest-${family}`,
  path: family === 'rdcsm' ? '/api/v1/rdcsm/hearttestLog' : '/api/v1/hearttestLog',
  params: { family },
  rowKey: 'taskId',
  columns: taskColumns,
  detail: taskDetail,
  timeLabel: (t) => t('logPage.task.sentAt'),
  empty: (t) => ({ reason: t('heartTest.emptyTests', { family }), hint: t('heartTest.emptyTestsHint') }),
});
