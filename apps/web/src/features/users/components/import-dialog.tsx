import { useState } from 'react';
import { Alert, App, Button, Modal, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/request';
import { downloadImportTemplate, useImportUsers, type ImportResult } from '../api/user-files';
import { ImportErrorsTable } from './import-errors-table';

const rowErrorsOf = (error: unknown) =>
  error instanceof ApiError && (error.data as ImportResult | null)?.errors?.length ? (error.data as ImportResult).errors : null;

export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const upload = useImportUsers();
  const close = () => {
    setFile(null);
    upload.reset();
    onClose();
  };
  const summary = (r: ImportResult) => t('user.importSummary', { count: r.imported, created: r.created, updated: r.updated, unchanged: r.unchanged });
  const start = () => file && upload.mutate(file, { onSuccess: (r) => void message.success(summary(r)) });
  const errors = rowErrorsOf(upload.error);
  return (
    <Modal title={t('user.importTitle')} open={open} onCancel={close} width={640} destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>{t('common.cancel')}</Button>,
        <Button key="ok" type="primary" disabled={!file} loading={upload.isPending} onClick={start} data-testid="dialog-save">{t('user.importSubmit')}</Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('user.importHint')}</Typography.Text>
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadImportTemplate()} data-testid="btn-import-template">{t('user.importTemplate')}</Button>
          {/* antd's picker, not the browser's native button; the file is sent by "Import", never on choosing. */}
          <Upload accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" maxCount={1}
            fileList={file ? [{ uid: 'import', name: file.name, status: 'done' }] : []}
            beforeUpload={(picked) => (setFile(picked), upload.reset(), false)}
            onRemove={() => (setFile(null), upload.reset())}>
            <Button icon={<UploadOutlined />} data-testid="import-file">{t('user.importChoose')}</Button>
          </Upload>
        </Space>
        {upload.isSuccess && <Alert type="success" showIcon message={summary(upload.data)} data-testid="import-success" />}
        {errors && <ImportErrorsTable errors={errors} />}
      </Space>
    </Modal>
  );
}
