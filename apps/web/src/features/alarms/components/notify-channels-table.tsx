import { useState } from 'react';
import { Button, Popconfirm, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { NotifyChannel } from '@sl/contracts';
import { EmptyState } from '../../../shared/table';
import { useDeleteNotifyChannel, useNotifyChannels } from '../api/notify-channels';
import { NotifyChannelDialog } from './notify-channel-dialog';

/** Who gets which alarms beside SMS: e-mail lists and WeCom/DingTalk group robots per department and severity. */
export function NotifyChannelsTable() {
  const { t } = useTranslation();
  const channels = useNotifyChannels();
  const remove = useDeleteNotifyChannel();
  const [editing, setEditing] = useState<{ channel?: NotifyChannel } | null>(null);
  return (
    <>
      <Button icon={<PlusOutlined />} onClick={() => setEditing({})} style={{ marginBottom: 12 }} data-testid="notify-add">{t('notify.add')}</Button>
      <Table<NotifyChannel> rowKey="channelId" size="small" loading={channels.isLoading} dataSource={channels.data ?? []} pagination={false} data-testid="notify-table"
        locale={{ emptyText: <EmptyState reason={t('notify.none')} hint={t('notify.noneHint')} /> }}
        columns={[
          { title: t('notify.dept'), dataIndex: 'deptName' },
          { title: t('notify.kind'), dataIndex: 'kind', render: (k: string) => <Tag>{t(`notify.kind.${k}`)}</Tag> },
          { title: t('notify.name'), dataIndex: 'name' },
          { title: t('notify.severities'), dataIndex: 'severities', render: (s: number[]) => s.map((n) => t(`alarm.severity.${n}`)).join(', ') },
          { title: t('notify.locale'), dataIndex: 'locale', render: (l: string) => t(`notify.locale.${l}`) },
          { title: t('notify.enabled'), dataIndex: 'enabled', render: (e: boolean) => (e ? t('notify.on') : t('notify.off')) },
          {
            title: t('common.actions'), key: 'actions', render: (_, c) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing({ channel: c })}>{t('notify.edit')}</Button>
                <Popconfirm title={t('notify.deleteConfirm')} onConfirm={() => remove.mutate(c.channelId)}>
                  <Button type="link" size="small" danger>{t('notify.delete')}</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]} />
      <NotifyChannelDialog open={editing !== null} channel={editing?.channel} onClose={() => setEditing(null)} />
    </>
  );
}
