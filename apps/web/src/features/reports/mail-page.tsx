import { useState } from 'react';
import { Alert, Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ReportMail } from '@sl/contracts';
import { registerLocales } from '../../shared/i18n/register-locales';
import { Access, usePermission } from '../../shared/permission/access';
import { feedback } from '../../shared/request';
import { EmptyState } from '../../shared/table';
import { FocusableScroll } from '../../shared/table/focusable-scroll';
import { useDeleteReportMail, useReportMails, useSendReportMail } from './api/report-mails';
import { ReportMailDialog } from './components/report-mail-dialog';
import { reportsLocales } from './locales';

registerLocales(reportsLocales);

const EDIT = 'report:mail:edit';

/** 月报邮件: per department, who receives the month's PDF report on the 1st, in which language; send a month now, stop one. */
export default function ReportMailPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const { data, isLoading } = useReportMails();
  const [dialog, setDialog] = useState<{ row: ReportMail | null } | null>(null);
  const remove = useDeleteReportMail();
  const send = useSendReportMail();
  const month = dayjs().subtract(1, 'month').format('YYYY-MM');
  const columns: ColumnsType<ReportMail> = [
    { title: t('report.mail.dept'), dataIndex: 'deptName', width: 160 },
    { title: t('report.mail.recipients'), dataIndex: 'recipients', width: 320, render: (list: string[]) => <Space size={[4, 4]} wrap>{list.map((a) => <Tag key={a}>{a}</Tag>)}</Space> },
    { title: t('report.mail.locale'), dataIndex: 'locale', width: 100, render: (l: string) => t(`lang.${l}`) },
    { title: t('report.mail.enabled'), dataIndex: 'enabled', width: 90, render: (v: boolean) => <Tag color={v ? 'success' : 'default'}>{t(v ? 'report.mail.on' : 'report.mail.off')}</Tag> },
    { title: t('report.mail.lastMonth'), dataIndex: 'lastMonth', width: 120, render: (v: string | null) => v ?? '—' },
    { title: t('report.mail.lastError'), dataIndex: 'lastError', width: 220, render: (v: string) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : '—') },
    {
      title: t('common.actions'), key: 'actions', width: 240, fixed: 'right',
      render: (_, row) =>
        can([EDIT]) && (
          <Space size={4} wrap>
            <Button type="link" size="small" onClick={() => setDialog({ row })} data-testid={`mail-edit-${row.id}`}>{t('common.edit')}</Button>
            <Popconfirm title={t('report.mail.sendConfirm', { month, count: row.recipients.length })}
              onConfirm={() => send.mutate({ id: row.id, month }, { onSuccess: () => void feedback.message().success(t('report.mail.sent', { month })) })}>
              <Button type="link" size="small" disabled={!data?.mailConfigured} data-testid={`mail-send-${row.id}`}>{t('report.mail.sendNow', { month })}</Button>
            </Popconfirm>
            <Popconfirm title={t('report.mail.deleteConfirm', { dept: row.deptName })} onConfirm={() => remove.mutate(row.id)}>
              <Button type="link" size="small" danger data-testid={`mail-delete-${row.id}`}>{t('common.delete')}</Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];
  return (
    <Card data-testid="report-mails">
      <Alert type="info" showIcon title={t('report.mail.about')} style={{ marginBottom: 16 }} />
      {data && !data.mailConfigured && <Alert type="warning" showIcon title={t('report.mail.noSmtp')} style={{ marginBottom: 16 }} data-testid="report-mail-no-smtp" />}
      <Access permissions={[EDIT]}>
        <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 16 }} data-testid="btn-add" onClick={() => setDialog({ row: null })}>{t('common.add')}</Button>
      </Access>
      <FocusableScroll>
        <Table<ReportMail> rowKey="id" loading={isLoading} dataSource={data?.list ?? []} columns={columns} pagination={false} scroll={{ x: 'max-content' }} data-testid="report-mail-table"
          locale={{ emptyText: <EmptyState reason={t('report.mail.none')} hint={t('report.mail.noneHint')} /> }} />
      </FocusableScroll>
      <ReportMailDialog open={dialog !== null} row={dialog?.row ?? null} onClose={() => setDialog(null)} />
    </Card>
  );
}
