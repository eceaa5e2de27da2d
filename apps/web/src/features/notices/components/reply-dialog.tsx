import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { NOTICE_LIMITS, type NoticeRow } from '@sl/contracts';
import { useAnswerNotice } from '../api/notices';

interface Props {
  notice: NoticeRow | null;
  onClose: () => void;
  onDone: (row: NoticeRow) => void;
}

/** Reply to a notice: recvStatus 2 with the reply text. */
export function ReplyDialog({ notice, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ recvContent: string }>();
  const answer = useAnswerNotice();
  const submit = (values: { recvContent: string }) =>
    answer.mutate(
      { id: notice!.id, recvStatus: 2, recvContent: values.recvContent.trim() },
      {
        onSuccess: (row) => {
          form.resetFields();
          onDone(row);
          onClose();
        },
      },
    );
  return (
    <Modal open={notice !== null} title={t('notice.reply')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={answer.isPending} destroyOnHidden>
      <p className="notice-reply-title">{notice?.sendTitle}</p>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="recvContent"
          label={t('notice.recvContent')}
          rules={[{ required: true, whitespace: true, message: t('notice.replyRequired') }, { max: NOTICE_LIMITS.reply, message: t('notice.replyTooLong', { n: NOTICE_LIMITS.reply }) }]}
        >
          <Input.TextArea rows={4} showCount maxLength={NOTICE_LIMITS.reply} data-testid="notice-reply-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
