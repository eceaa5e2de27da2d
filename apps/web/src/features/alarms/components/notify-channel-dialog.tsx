import { useEffect } from 'react';
import { Checkbox, Form, Input, Modal, Radio, Select, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, NOTIFY_KINDS, type NotifyChannel, type NotifyChannelInput } from '@sl/contracts';
import { toDeptNodes, useDeptTree } from '../../../shared/org/dept-tree';
import { useSaveNotifyChannel } from '../api/notify-channels';

interface Props {
  open: boolean;
  channel?: NotifyChannel;
  onClose: () => void;
}

/** Adds or changes a notice channel: department, kind, target, signing secret, severities, language. */
export function NotifyChannelDialog({ open, channel, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NotifyChannelInput>();
  const depts = useDeptTree();
  const save = useSaveNotifyChannel();
  const kind = Form.useWatch('kind', form);
  useEffect(() => {
    if (open) form.setFieldsValue(channel ? { ...channel, secret: '' } : { kind: 'email', name: '', target: '', secret: '', severities: [1, 2], locale: 'zh-CN', enabled: true, deptId: undefined });
  }, [open, channel, form]);
  const submit = (v: NotifyChannelInput) => save.mutate({ ...v, channelId: channel?.channelId }, { onSuccess: onClose });
  return (
    <Modal open={open} title={t(channel ? 'notify.edit' : 'notify.add')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={save.isPending} destroyOnHidden data-testid="notify-dialog">
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="deptId" label={t('notify.dept')} rules={[{ required: true, message: t('notify.deptRequired') }]}>
          <TreeSelect treeData={toDeptNodes(depts.data ?? [])} treeDefaultExpandAll data-testid="notify-dept" />
        </Form.Item>
        <Form.Item name="kind" label={t('notify.kind')}>
          <Radio.Group optionType="button" options={NOTIFY_KINDS.map((k) => ({ value: k, label: t(`notify.kind.${k}`) }))} />
        </Form.Item>
        <Form.Item name="name" label={t('notify.name')}><Input maxLength={64} /></Form.Item>
        <Form.Item name="target" label={t(kind === 'email' ? 'notify.targetEmail' : 'notify.targetWebhook')} extra={t(`notify.targetHint.${kind ?? 'email'}`)} rules={[{ required: true, message: t('notify.targetRequired') }]}>
          <Input maxLength={1024} data-testid="notify-target" />
        </Form.Item>
        {kind === 'dingtalk' && (
          <Form.Item name="secret" label={t('notify.secret')} extra={t(channel?.signed ? 'notify.secretKept' : 'notify.secretHint')}>
            <Input.Password maxLength={128} autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item name="severities" label={t('notify.severities')} rules={[{ required: true, message: t('notify.severitiesRequired') }]}>
          <Checkbox.Group options={[1, 2, 3].map((s) => ({ value: s, label: t(`alarm.severity.${s}`) }))} />
        </Form.Item>
        <Form.Item name="locale" label={t('notify.locale')}>
          <Select options={LOCALES.map((l) => ({ value: l, label: t(`notify.locale.${l}`) }))} />
        </Form.Item>
        <Form.Item name="enabled" label={t('notify.enabled')} valuePropName="checked"><Switch /></Form.Item>
      </Form>
    </Modal>
  );
}
