import { Button, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { formatTime } from '../../../shared/time/format-time';
import type { LoginLogRow, OperLogRow } from '../api/log-rows';
import { ClippedText } from './clipped-text';

const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', DELETE: 'red' };

const deleteColumn = <T extends { id: number }>(t: TFunction, onDelete?: (rows: T[]) => void): ColumnsType<T> =>
  onDelete
    ? [{ title: t('common.actions'), key: 'actions', fixed: 'right', render: (_, row) => <Button type="link" size="small" danger data-testid="row-delete" onClick={() => onDelete([row])}>{t('common.delete')}</Button> }]
    : [];

export const operLogColumns = (t: TFunction, onDelete?: (rows: OperLogRow[]) => void): ColumnsType<OperLogRow> => [
  { title: t('log.id'), dataIndex: 'id', width: 80 },
  { title: t('log.title'), dataIndex: 'title', render: (v: string) => <ClippedText text={v} width={200} /> },
  { title: t('log.username'), dataIndex: 'username' },
  { title: t('log.method'), dataIndex: 'method', render: (v: string) => <Tag color={METHOD_COLORS[v]}>{v}</Tag> },
  { title: t('log.url'), dataIndex: 'url', render: (v: string) => <ClippedText text={v} /> },
  { title: t('log.ipaddr'), dataIndex: 'ipaddr' },
  {
    title: t('log.resultCode'),
    dataIndex: 'resultCode',
    render: (v: number, row) => <Tooltip title={row.msg}><Tag color={v === 200 ? 'success' : 'error'}>{v}</Tag></Tooltip>,
  },
  { title: t('log.duration'), dataIndex: 'durationMs', align: 'right', render: (v: number) => t('log.ms', { n: v }) },
  { title: t('log.operTime'), dataIndex: 'operTime', width: 180, render: (v: string) => formatTime(v) },
  ...deleteColumn(t, onDelete),
];

export const loginLogColumns = (t: TFunction, onDelete?: (rows: LoginLogRow[]) => void): ColumnsType<LoginLogRow> => [
  { title: t('log.id'), dataIndex: 'id', width: 80 },
  { title: t('log.username'), dataIndex: 'username' },
  { title: t('log.ipaddr'), dataIndex: 'ipaddr' },
  { title: t('common.status'), dataIndex: 'status', render: (v: string) => <Tag color={v === '2' ? 'success' : 'error'}>{t(v === '2' ? 'log.success' : 'log.failure')}</Tag> },
  { title: t('log.msg'), dataIndex: 'msg' },
  { title: t('log.userAgent'), dataIndex: 'userAgent', render: (v: string) => <ClippedText text={v} /> },
  { title: t('log.loginTime'), dataIndex: 'loginTime', width: 180, render: (v: string) => formatTime(v) },
  ...deleteColumn(t, onDelete),
];
