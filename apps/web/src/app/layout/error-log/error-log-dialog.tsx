import { Button, Empty, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from '../../../shared/stores/error-log-store';
import { formatTime } from '../../../shared/time/format-time';

/** The caught client errors, newest first, with their page, time and stack; clear-all empties the log. */
export function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const entries = useErrorLog((s) => s.entries);
  const clear = () => {
    useErrorLog.getState().clear();
    onClose();
  };
  const footer = [
    <Button key="clear" danger disabled={entries.length === 0} onClick={clear} data-testid="error-log-clear">{t('shell.errorLogClear')}</Button>,
    <Button key="close" type="primary" onClick={onClose}>{t('shell.close')}</Button>,
  ];
  return (
    <Modal open={open} title={t('shell.errorLog')} onCancel={onClose} footer={footer} width={800} destroyOnHidden>
      {entries.length === 0 && <Empty />}
      <ol className="error-log-list" data-testid="error-log-list">
        {entries.map((e) => (
          <li key={e.id}>
            <Typography.Text strong>{e.message}</Typography.Text>
            <div className="error-log-meta">
              {formatTime(e.time)} · {t(`shell.errorSource.${e.source}`)} · <Typography.Text type="secondary" copyable>{e.url}</Typography.Text>
            </div>
            {e.stack && <pre className="error-log-stack">{e.stack}</pre>}
          </li>
        ))}
      </ol>
    </Modal>
  );
}
