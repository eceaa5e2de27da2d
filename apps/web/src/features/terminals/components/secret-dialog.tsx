import { Alert, App, Button, Descriptions, Modal, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TerminalWithSecret } from '@sl/contracts';

/** The device secret of a new terminal: shown once, with a copy button; it is never stored in clear. */
export function SecretDialog({ terminal, onClose }: { terminal: TerminalWithSecret | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async () => {
    if (!terminal) return;
    try {
      await navigator.clipboard.writeText(terminal.secret);
      message.success(t('terminal.copied'));
    } catch {
      // Without clipboard access (plain HTTP), the selectable text below is the fallback.
      window.getSelection()?.selectAllChildren(document.querySelector('[data-testid="terminal-secret"]')!);
    }
  };
  return (
    <Modal open={terminal !== null} title={t('terminal.secretTitle')} onCancel={onClose} maskClosable={false} footer={<Button type="primary" onClick={onClose} data-testid="secret-close">{t('task.close')}</Button>} data-testid="secret-dialog">
      <Alert type="warning" showIcon message={t('terminal.secretHint')} style={{ marginBottom: 16 }} />
      {terminal && (
        <Descriptions column={1} size="small" items={[
          { key: 'sn', label: t('terminal.sn'), children: `${terminal.sn} (${terminal.family})` },
          {
            key: 'secret',
            label: t('terminal.secretTitle'),
            children: (
              <span>
                <Typography.Text code data-testid="terminal-secret">{terminal.secret}</Typography.Text>
                <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="secret-copy">{t('terminal.copy')}</Button>
              </span>
            ),
          },
        ]} />
      )}
    </Modal>
  );
}
