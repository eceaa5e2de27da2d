import { useState } from 'react';
import { Alert, Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '@sl/contracts';
import { Access, usePermission } from '../../shared/permission/access';
import { EmptyState } from '../../shared/table';
import { FocusableScroll } from '../../shared/table/focusable-scroll';
import { formatTime } from '../../shared/time/format-time';
import { useApiClients, useDeleteClient, useResetSecret } from './api/api-clients';
import { ClientDialog } from './components/client-dialog';
import { SecretNotice } from './components/secret-notice';
import { WebhooksDrawer } from './components/webhooks-drawer';

/** API clients of the open API: create (the secret is shown once), change, new secret, delete, webhooks. */
export default function ApiClientsPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const { data = [], isLoading } = useApiClients();
  const [dialog, setDialog] = useState<{ row: ApiClient | null } | null>(null);
  const [hooksOf, setHooksOf] = useState<ApiClient | null>(null);
  const [secret, setSecret] = useState<{ label: string; secret: string; clientId?: string } | null>(null);
  const reset = useResetSecret();
  const remove = useDeleteClient();
  const showClientSecret = (s: { client: ApiClient; clientSecret: string }) => setSecret({ label: t('apiClient.secret'), secret: s.clientSecret, clientId: s.client.clientId });
  const columns: ColumnsType<ApiClient> = [
    { title: t('apiClient.name'), dataIndex: 'name', width: 160 },
    { title: t('apiClient.clientId'), dataIndex: 'clientId', width: 260, render: (v: string) => <code>{v}</code> },
    { title: t('apiClient.dept'), dataIndex: 'deptName', width: 140 },
    { title: t('apiClient.scopes'), dataIndex: 'scopes', width: 240, render: (scopes: string[]) => <Space wrap>{scopes.map((s) => <Tag key={s}>{t(`apiClient.scope.${s}`)}</Tag>)}</Space> },
    { title: t('apiClient.rate'), dataIndex: 'rateLimitPerMinute', width: 120 },
    { title: t('apiClient.enabled'), dataIndex: 'enabled', width: 90, render: (v: boolean) => <Tag color={v ? 'success' : 'default'}>{t(v ? 'common.statusNormal' : 'common.statusDisabled')}</Tag> },
    { title: t('apiClient.lastUsed'), dataIndex: 'lastUsedAt', width: 170, render: (v: string | null) => (v ? formatTime(v) : '-') },
    {
      title: t('common.actions'), key: 'actions', width: 300, fixed: 'right',
      render: (_, row) => (
        <Space size={4} wrap>
          {can(['system:apiclient:edit']) && <Button type="link" size="small" onClick={() => setDialog({ row })}>{t('common.edit')}</Button>}
          <Button type="link" size="small" onClick={() => setHooksOf(row)} data-testid={`btn-webhooks-${row.id}`}>{t('apiClient.webhooks')}</Button>
          {can(['system:apiclient:edit']) && (
            <Popconfirm title={t('apiClient.resetConfirm')} onConfirm={() => reset.mutate(row.id, { onSuccess: showClientSecret })}>
              <Button type="link" size="small">{t('apiClient.resetSecret')}</Button>
            </Popconfirm>
          )}
          {can(['system:apiclient:remove']) && (
            <Popconfirm title={t('common.confirmDeleteNames', { names: row.name })} onConfirm={() => remove.mutate(row.id)}>
              <Button type="link" size="small" danger>{t('common.delete')}</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card>
      <Alert type="info" showIcon message={t('apiClient.docs')} style={{ marginBottom: 16 }} />
      <Access permissions={['system:apiclient:add']}>
        <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 16 }} data-testid="btn-add" onClick={() => setDialog({ row: null })}>{t('common.add')}</Button>
      </Access>
      <FocusableScroll>
        <Table<ApiClient> rowKey="id" loading={isLoading} dataSource={data} columns={columns} pagination={false} scroll={{ x: 'max-content' }} data-testid="api-client-table"
          locale={{ emptyText: <EmptyState reason={t('apiClient.none')} hint={t('apiClient.noneHint')} /> }} />
      </FocusableScroll>
      <ClientDialog open={dialog !== null} row={dialog?.row ?? null} onClose={() => setDialog(null)} onCreated={showClientSecret} />
      <WebhooksDrawer client={hooksOf} onClose={() => setHooksOf(null)} onSecret={(s) => setSecret({ label: t('apiClient.signingSecret'), secret: s })} />
      <SecretNotice shown={secret} onClose={() => setSecret(null)} />
    </Card>
  );
}
