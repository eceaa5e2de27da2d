import { useState } from 'react';
import { Alert, Button, List, Modal, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, feedback } from '../../../shared/request';
import { downloadLampTemplate, useImportLamps, type LampImportResult } from '../api/assets-api';

/** Bulk import: the template, one .xlsx, all or nothing with the rows' errors listed. */
export function LampImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const importLamps = useImportLamps();
  const [errors, setErrors] = useState<LampImportResult['errors']>([]);
  const upload = (file: File) => {
    setErrors([]);
    importLamps.mutate(file, {
      onSuccess: (r) => {
        feedback.message().success(t('asset.imported', { n: r.imported, created: r.created, updated: r.updated }));
        onClose();
      },
      onError: (err) => {
        const data = err instanceof ApiError ? (err.data as LampImportResult | undefined) : undefined;
        if (data?.errors) setErrors(data.errors);
      },
    });
    return false;
  };
  return (
    <Modal title={t('asset.import')} open={open} onCancel={onClose} footer={null} destroyOnHidden data-testid="lamp-import-dialog">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button type="link" onClick={() => void downloadLampTemplate()} data-testid="btn-template">{t('asset.template')}</Button>
        <Upload accept=".xlsx" maxCount={1} showUploadList={false} beforeUpload={upload}>
          <Button icon={<UploadOutlined />} loading={importLamps.isPending} data-testid="btn-upload">{t('asset.import')}</Button>
        </Upload>
        {errors.length > 0 && (
          <>
            <Alert type="error" showIcon message={t('asset.importErrors')} />
            <List size="small" dataSource={errors} data-testid="import-errors" renderItem={(e) => <List.Item>{t('asset.row', { row: e.row })}: {e.messages.join('; ')}</List.Item>} />
          </>
        )}
      </Space>
    </Modal>
  );
}
