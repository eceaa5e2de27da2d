import { useState } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from '../../../shared/stores/error-log-store';
import { ErrorLogDialog } from './error-log-dialog';

/** Shown only once a client error was caught; opens the list of them. */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const count = useErrorLog((s) => s.entries.length);
  const [open, setOpen] = useState(false);
  if (count === 0 && !open) return null;
  return (
    <>
      <Tooltip title={t('shell.errorLog')}>
        <Badge count={count} size="small" offset={[-4, 4]}>
          <Button type="text" danger data-testid="error-log-button" aria-label={t('shell.errorLog')} icon={<BugOutlined />} onClick={() => setOpen(true)} />
        </Badge>
      </Tooltip>
      <ErrorLogDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
