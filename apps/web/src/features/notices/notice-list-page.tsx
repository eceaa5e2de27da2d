import { useState } from 'react';
import { Button, Card, Space } from 'antd';
import { DeleteOutlined, SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NOTICE_LIST_PAGE_SIZE, NOTICE_PERMISSION, type NoticeRow } from '@sl/contracts';
import { Access, usePermission } from '../../shared/permission/access';
import { PagedTable, confirmDelete, usePagedQuery } from '../../shared/table';
import { noticeKeys, noticesQuery, useDeleteNotices, type NoticeFilters } from './api/notices';
import { noticeColumns } from './components/notice-columns';
import { NoticeSearch } from './components/notice-search';
import { ReplyDialog } from './components/reply-dialog';
import { SendNoticeDialog } from './components/send-notice-dialog';

/** Every notice of the departments in scope: filters, read and reply, sending and deleting. */
export default function NoticeListPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const queryClient = useQueryClient();
  const paged = usePagedQuery(noticesQuery, {} as NoticeFilters, NOTICE_LIST_PAGE_SIZE);
  const [sending, setSending] = useState(false);
  const [replying, setReplying] = useState<NoticeRow | null>(null);
  const [selected, setSelected] = useState<NoticeRow[]>([]);
  const remove = useDeleteNotices();
  const onDelete = (rows: NoticeRow[]) =>
    confirmDelete({ names: rows.map((r) => r.sendTitle), onOk: () => remove.mutateAsync(rows.map((r) => r.id)).then(() => setSelected([])) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
  const columns = noticeColumns(t, { canRemove: can([NOTICE_PERMISSION.remove]), onAnswered: refresh, onReply: setReplying, onDelete });
  return (
    <Card>
      <NoticeSearch onSearch={paged.setFilters} onReset={paged.reset} />
      <Space style={{ marginBottom: 16 }}>
        <Access permissions={[NOTICE_PERMISSION.add]}>
          <Button type="primary" icon={<SendOutlined />} data-testid="btn-send-notice" onClick={() => setSending(true)}>{t('notice.send')}</Button>
        </Access>
        <Access permissions={[NOTICE_PERMISSION.remove]}>
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} data-testid="btn-delete-selected" onClick={() => onDelete(selected)}>
            {t('common.deleteSelected')}
          </Button>
        </Access>
      </Space>
      <PagedTable<NoticeRow>
        paged={paged}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1060 }}
        rowSelection={{ selectedRowKeys: selected.map((r) => r.id), onChange: (_, rows) => setSelected(rows) }}
      />
      <SendNoticeDialog open={sending} onClose={() => setSending(false)} />
      <ReplyDialog notice={replying} onClose={() => setReplying(null)} onDone={refresh} />
    </Card>
  );
}
