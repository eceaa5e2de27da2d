import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The secret to show once, with what it is; null hides the notice. */
  shown: { label: string; secret: string; clientId?: string } | null;
  onClose: () => void;
}

/** Shows a new secret the one time the server answers it, with a copy button. */
export function SecretNotice({ shown, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={shown !== null} title={t('apiClient.secretTitle')} onOk={onClose} onCancel={onClose} cancelButtonProps={{ style: { display: 'none' } }} destroyOnHidden>
      <Alert type="warning" showIcon message={t('apiClient.secretHint')} style={{ marginBottom: 16 }} />
      {shown?.clientId && (
        <p>
          {t('apiClient.clientId')}: <Typography.Text code copyable data-testid="shown-client-id">{shown.clientId}</Typography.Text>
        </p>
      )}
      <p>
        {shown?.label}: <Typography.Text code copyable data-testid="shown-secret">{shown?.secret}</Typography.Text>
      </p>
    </Modal>
  );
}
