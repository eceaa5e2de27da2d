import { Button, Checkbox, Drawer, Empty, Form, Input, List, Popconfirm, Space, Tag } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS, webhookAddBody, type ApiClient, type WebhookEventType } from '@sl/contracts';
import { zodRule } from '../../../shared/form/zod-rule';
import { Access } from '../../../shared/permission/access';
import { useAddWebhook, useDeleteWebhook, useWebhooks } from '../api/api-clients';

interface Props {
  client: ApiClient | null;
  onClose: () => void;
  onSecret: (secret: string) => void;
}

interface Values {
  url: string;
  events: WebhookEventType[];
}

/** A client's webhook subscriptions: add one (its signing secret is shown once) or delete one. */
export function WebhooksDrawer({ client, onClose, onSecret }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { data: hooks = [] } = useWebhooks(client?.id);
  const add = useAddWebhook();
  const remove = useDeleteWebhook();
  const submit = (values: Values) =>
    client && add.mutate({ ...values, clientId: client.id }, { onSuccess: (created) => (form.resetFields(), onSecret(created.signingSecret)) });
  return (
    <Drawer open={client !== null} onClose={onClose} title={`${t('apiClient.webhooks')} · ${client?.name ?? ''}`} size="large" destroyOnHidden>
      <List
        dataSource={hooks}
        locale={{ emptyText: <Empty description={t('webhook.empty')} /> }}
        renderItem={(h) => (
          <List.Item
            actions={[
              <Access key="del" permissions={['system:apiclient:edit']}>
                <Popconfirm title={t('common.confirmDeleteNames', { names: h.url })} onConfirm={() => remove.mutate(h.id)}>
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
                </Popconfirm>
              </Access>,
            ]}
          >
            <List.Item.Meta title={h.url} description={<Space wrap>{h.events.map((e) => <Tag key={e}>{t(`webhook.event.${e}`)}</Tag>)}</Space>} />
          </List.Item>
        )}
      />
      <Access permissions={['system:apiclient:edit']}>
        <Form form={form} layout="vertical" onFinish={submit} initialValues={{ events: ['alarm.raised'] }} style={{ marginTop: 24 }}>
          <Form.Item name="url" label={t('webhook.url')} rules={[zodRule(webhookAddBody.shape.url, t('webhook.url'))]}>
            <Input placeholder="https://" data-testid="field-webhook-url" />
          </Form.Item>
          <Form.Item name="events" label={t('webhook.events')} rules={[zodRule(webhookAddBody.shape.events, t('webhook.events'))]}>
            <Checkbox.Group options={WEBHOOK_EVENTS.map((e) => ({ value: e, label: t(`webhook.event.${e}`) }))} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="btn-add-webhook">{t('webhook.add')}</Button>
        </Form>
      </Access>
    </Drawer>
  );
}
