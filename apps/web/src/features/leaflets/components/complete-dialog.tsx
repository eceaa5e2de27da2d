import { Form, Input, Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  leafletId: number | null;
  saving: boolean;
  onClose: () => void;
  onSubmit: (note: string) => void;
}

/** The receiver's note on completing a leaflet (optional). */
export function CompleteDialog({ leafletId, saving, onClose, onSubmit }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  return (
    <Modal open={leafletId !== null} title={t('leaflet.completeTitle', { id: leafletId })} onCancel={onClose} onOk={() => form.submit()} confirmLoading={saving} destroyOnHidden
      okText={t('leaflet.complete')} cancelText={t('common.cancel')} okButtonProps={{ 'data-testid': 'leaflet-complete-ok' } as ButtonProps}>
      <Form form={form} layout="vertical" preserve={false} onFinish={(v) => onSubmit(v.note?.trim() ?? '')}>
        <Form.Item name="note" label={t('leaflet.note')} rules={[{ max: 500, message: t('leaflet.tooLong', { n: 500 }) }]}>
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="leaflet-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
