import { Button, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, PictureOutlined, SwapOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TerminalListItem } from '@sl/contracts';
import { Access } from '../../../shared/permission/access';
import { formatTime, relativeTime } from '../../../shared/time/format-time';
import { LampTag, OnlineTag, StatusTag } from './lamp-tags';

interface Actions {
  onEdit: (t: TerminalListItem) => void;
  onStatus: (t: TerminalListItem) => void;
  onImages: (t: TerminalListItem) => void;
  onDelete: (t: TerminalListItem[]) => void;
}

export function useTerminalColumns({ onEdit, onStatus, onImages, onDelete }: Actions): ColumnsType<TerminalListItem> {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });
  return [
    { title: t('terminal.name'), dataIndex: 'name', fixed: 'left', render: (name: string, r) => <Link to={`/terminal/detail/${r.terminalId}`} data-testid="row-detail">{name}</Link> },
    { title: t('terminal.sn'), dataIndex: 'sn' },
    { title: t('terminal.family'), dataIndex: 'family' },
    { title: t('terminal.model'), dataIndex: 'model', render: (m: number) => t(`terminal.model.${m}`) },
    { title: t('terminal.online'), dataIndex: 'onlineState', render: (s: number) => <OnlineTag state={s} /> },
    { title: t('terminal.lamp'), dataIndex: 'lampOn', render: (on: boolean | null) => <LampTag on={on} /> },
    { title: t('terminal.dim'), dataIndex: 'dim', render: (d: number | null, r) => (d === null || r.model === 1 ? '—' : percent.format(d / 100)) },
    {
      title: t('terminal.lastSeen'),
      dataIndex: 'lastSeenAt',
      render: (v: string | null) => (v ? <Tooltip title={formatTime(v)}><span data-testid="last-seen">{relativeTime(v)}</span></Tooltip> : t('terminal.never')),
    },
    { title: t('terminal.status'), dataIndex: 'status', render: (s: number) => <StatusTag status={s} /> },
    { title: t('terminal.dept'), dataIndex: 'deptName' },
    { title: t('terminal.enterprise'), dataIndex: 'enterpriseName', render: (name: string) => name || '—' },
    { title: t('terminal.manufacturer'), dataIndex: 'manufacturer' },
    { title: t('terminal.imsi'), dataIndex: 'imsi' },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Access permissions={['terminal:terminal:edit']}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(r)} data-testid="row-edit">{t('common.edit')}</Button>
          </Access>
          <Access permissions={['terminal:terminal:status']}>
            <Button type="link" size="small" icon={<SwapOutlined />} onClick={() => onStatus(r)} data-testid="row-status">{t('terminal.changeStatus')}</Button>
          </Access>
          <Button type="link" size="small" icon={<PictureOutlined />} onClick={() => onImages(r)} data-testid="row-images">{t('terminal.images')}</Button>
          <Access permissions={['terminal:terminal:remove']}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => onDelete([r])} data-testid="row-delete">{t('common.delete')}</Button>
          </Access>
        </Space>
      ),
    },
  ];
}
