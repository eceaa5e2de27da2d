import { Form, Input, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { NOTICE_LIMITS, NOTICE_PERMISSION, NoticeLevel, type NoticeSend } from '@sl/contracts';
import { useDict } from '../../../shared/dict';
import { FormDialog } from '../../../shared/form/form-dialog';
import { toDeptNodes, useDeptTree } from '../../../shared/org/dept-tree';
import { useSendNotice } from '../api/notices';

type Values = { deptIds: number[]; sendTitle: string; sendContent: string; level: 1 | 2 | 3 };

/** Sends one notice to each chosen department. */
export function SendNoticeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const depts = useDeptTree();
  const levels = useDict('sl_notice_level');
  const send = useSendNotice();
  const submit = (values: Values) =>
    send.mutate({ ...values, sendTitle: values.sendTitle.trim(), sendContent: values.sendContent.trim() } satisfies NoticeSend, { onSuccess: onClose });
  return (
    <FormDialog<Values>
      form={form}
      title={t('notice.send')}
      open={open}
      saving={send.isPending}
      permission={NOTICE_PERMISSION.add}
      initialValues={{ level: NoticeLevel.normal, deptIds: [] }}
      onClose={onClose}
      onSubmit={submit}
    >
      <Form.Item name="deptIds" label={t('notice.recvDepts')} rules={[{ required: true, type: 'array', min: 1, message: t('notice.deptsRequired') }]}>
        <TreeSelect multiple treeCheckable treeDefaultExpandAll showCheckedStrategy={TreeSelect.SHOW_ALL} treeData={toDeptNodes(depts.data ?? [])} data-testid="notice-depts" />
      </Form.Item>
      <Form.Item name="level" label={t('notice.level')} rules={[{ required: true }]}>
        <Select options={levels.items.map((i) => ({ value: Number(i.value), label: i.label }))} data-testid="notice-level" />
      </Form.Item>
      <Form.Item name="sendTitle" label={t('notice.title')} rules={[{ required: true, whitespace: true, message: t('notice.titleRequired') }, { max: NOTICE_LIMITS.title }]}>
        <Input maxLength={NOTICE_LIMITS.title} showCount data-testid="notice-title" />
      </Form.Item>
      <Form.Item name="sendContent" label={t('notice.content')} rules={[{ required: true, whitespace: true, message: t('notice.contentRequired') }, { max: NOTICE_LIMITS.content }]}>
        <Input.TextArea rows={5} maxLength={NOTICE_LIMITS.content} showCount data-testid="notice-content" />
      </Form.Item>
    </FormDialog>
  );
}
