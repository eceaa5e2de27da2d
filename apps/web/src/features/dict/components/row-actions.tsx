import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  onData?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}

/** Row links; an action is shown only when its handler is given (the user holds the permission). */
export function RowActions({ onData, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Space size={0}>
      {onData && <Button type="link" size="small" data-testid="row-dict-data" onClick={onData}>{t('dict.data')}</Button>}
      {onEdit && <Button type="link" size="small" data-testid="row-edit" onClick={onEdit}>{t('common.edit')}</Button>}
      {onDelete && <Button type="link" size="small" danger data-testid="row-delete" onClick={onDelete}>{t('common.delete')}</Button>}
    </Space>
  );
}
