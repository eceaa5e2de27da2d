import { App, Button, Empty, Image, Modal, Popconfirm, Space, Spin, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TERMINAL_IMAGE_MAX_BYTES, type TerminalListItem } from '@sl/contracts';
import { Access } from '../../../shared/permission/access';
import { uploadTerminalImage, useImageMutations, useTerminalImages } from '../api/terminal-detail';

const MB = TERMINAL_IMAGE_MAX_BYTES / 1024 / 1024;

/** A terminal's photos: view, upload (edit permission) and delete. */
export function ImagesDialog({ terminal, onClose }: { terminal: Pick<TerminalListItem, 'terminalId' | 'name'> | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={terminal !== null} title={t('terminal.imagesTitle', { name: terminal?.name ?? '' })} onCancel={onClose} footer={null} width={720} destroyOnHidden data-testid="images-dialog">
      {terminal && <Images id={terminal.terminalId} />}
    </Modal>
  );
}

export function Images({ id }: { id: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const images = useTerminalImages(id);
  const { remove, refresh } = useImageMutations(id);
  const upload = async (file: File) => {
    if (file.size > TERMINAL_IMAGE_MAX_BYTES) {
      message.error(t('terminal.imageHint', { mb: MB }));
      return;
    }
    await uploadTerminalImage(id, file);
    message.success(t('terminal.imageSaved'));
    await refresh();
  };
  return (
    <div>
      <Access permissions={['terminal:terminal:edit']}>
        <Upload accept="image/png,image/jpeg,image/gif,image/webp" showUploadList={false} customRequest={({ file }) => void upload(file as File).catch(() => undefined)}>
          <Button icon={<UploadOutlined />} data-testid="image-upload">{t('terminal.upload')}</Button>
        </Upload>
        <span style={{ marginLeft: 8, color: 'var(--sl-text-tertiary)' }}>{t('terminal.imageHint', { mb: MB })}</span>
      </Access>
      <div style={{ marginTop: 16 }}>
        {images.isLoading ? <Spin /> : images.isError ? <Button onClick={() => void images.refetch()}>{t('terminal.retry')}</Button> : !images.data?.length ? <Empty description={t('terminal.noImages')} /> : (
          <Image.PreviewGroup>
            <Space wrap>
              {images.data.map((img) => (
                <div key={img.id} data-testid="terminal-image" style={{ textAlign: 'center' }}>
                  <Image src={img.url} width={140} height={105} style={{ objectFit: 'cover' }} />
                  <Access permissions={['terminal:terminal:edit']}>
                    {/* eslint-disable-next-line @typescript-eslint/no-misused-promises -- Popconfirm awaits onConfirm (its OK button loads) though typed void */}
                    <Popconfirm title={t('terminal.confirmImageDelete')} onConfirm={() => remove.mutateAsync(img.id).then(() => message.success(t('terminal.imageDeleted')))} okButtonProps={{ danger: true }}>
                      <Button type="link" danger size="small" icon={<DeleteOutlined />} data-testid="image-delete">{t('common.delete')}</Button>
                    </Popconfirm>
                  </Access>
                </div>
              ))}
            </Space>
          </Image.PreviewGroup>
        )}
      </div>
    </div>
  );
}
