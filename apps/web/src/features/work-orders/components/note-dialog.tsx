import { Form, Input, Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string | null;
  required: boolean;
  saving: boolean;
  onClose: () => void;
  onSubmit: (note: string) => void;
}

/** A note for progress, roll-back or recall (required for the last two). */
export function NoteDialog({ title, required, saving, onClose, onSubmit }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  return (
    <Modal open={title !== null} title={title} onCancel={onClose} onOk={() => form.submit()} confirmLoading={saving} destroyOnHidden okButtonProps={{ 'data-testid': 'note-ok' } as ButtonProps}>
      <Form form={form} layout="vertical" preserve={false} onFinish={(v) => onSubmit(v.note?.trim() ?? '')}>
        <Form.Item name="note" label={t('order.note')} rules={[{ required, whitespace: true, message: t('order.noteRequired') }, { max: 500, message: t('order.tooLong', { n: 500 }) }]}>
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="note-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
