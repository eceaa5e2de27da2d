import { useState } from 'react';
import { Button, Form, Image, Input, Modal, Space, Upload, type ButtonProps } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { uploadPhoto } from '../api/work-orders';

interface Props {
  orderId: number | null;
  saving: boolean;
  onClose: () => void;
  onSubmit: (note: string, photos: string[]) => void;
}

/** Completion on the phone: a note and photos taken with the camera (`capture`), uploaded one by one. */
export function CompleteDialog({ orderId, saving, onClose, onSubmit }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const close = () => {
    setPhotos([]);
    onClose();
  };
  const take = async (file: File) => {
    setUploading(true);
    try {
      const url = await uploadPhoto(orderId!, file);
      setPhotos((p) => [...p, url]);
    } finally {
      setUploading(false);
    }
  };
  return (
    <Modal open={orderId !== null} title={t('order.completeTitle', { id: orderId ?? '' })} onCancel={close} onOk={() => form.submit()} confirmLoading={saving} destroyOnHidden okButtonProps={{ 'data-testid': 'complete-ok' } as ButtonProps}>
      <Form form={form} layout="vertical" preserve={false} onFinish={(v) => onSubmit(v.note.trim(), photos)}>
        <Form.Item name="note" label={t('order.completionNote')} rules={[{ required: true, whitespace: true, message: t('order.noteRequired') }, { max: 500, message: t('order.tooLong', { n: 500 }) }]}>
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="complete-note" />
        </Form.Item>
        <Form.Item label={t('order.photos')} extra={t('order.photosHint')}>
          <Space wrap>
            {photos.map((url) => <Image key={url} src={url} width={72} height={72} style={{ objectFit: 'cover' }} />)}
            {photos.length < 6 && (
              <Upload accept="image/*" capture="environment" showUploadList={false} beforeUpload={(file) => { void take(file); return false; }} data-testid="complete-photo">
                <Button icon={<CameraOutlined />} loading={uploading}>{t('order.takePhoto')}</Button>
              </Upload>
            )}
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
