import { Button, Space } from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access } from '../../../shared/permission/access';

interface Props {
  selectedCount: number;
  onAdd: () => void;
  onDeleteSelected: () => void;
  onExport: () => Promise<unknown>;
  onImport: () => void;
}

export function UserToolbar({ selectedCount, onAdd, onDeleteSelected, onExport, onImport }: Props) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const exportNow = () => {
    setExporting(true);
    void onExport().finally(() => setExporting(false));
  };
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Access permissions={['system:sysuser:add']}>
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="btn-add">{t('common.add')}</Button>
      </Access>
      <Access permissions={['system:sysuser:remove']}>
        <Button danger icon={<DeleteOutlined />} disabled={!selectedCount} onClick={onDeleteSelected} data-testid="btn-delete-selected">
          {t('common.deleteSelected')}
        </Button>
      </Access>
      <Access permissions={['system:sysuser:import']}>
        <Button icon={<UploadOutlined />} onClick={onImport} data-testid="btn-import">{t('user.import')}</Button>
      </Access>
      <Access permissions={['system:sysuser:export']}>
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportNow} data-testid="btn-export">{t('user.export')}</Button>
      </Access>
    </Space>
  );
}
