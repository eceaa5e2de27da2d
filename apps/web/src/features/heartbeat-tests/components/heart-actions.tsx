import { useState } from 'react';
import { Button, Space } from 'antd';
import { HeartOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { HeartRunProgress } from '@sl/contracts';
import { TerminalSelect } from '../../../shared/log-page';
import { feedback } from '../../../shared/request';
import { useRequestOne } from '../api/heart-run';

interface Props {
  run: HeartRunProgress | null;
  starting: boolean;
  onStartAll: () => void;
}

/** Ask one terminal, or all terminals in scope, for a heartbeat now. */
export function HeartActions({ run, starting, onStartAll }: Props) {
  const { t } = useTranslation();
  const [terminalId, setTerminalId] = useState<number | undefined>();
  const one = useRequestOne();
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <TerminalSelect value={terminalId} onChange={setTerminalId} data-testid="heart-terminal" />
      <Button icon={<HeartOutlined />} disabled={!terminalId} loading={one.isPending} data-testid="btn-heart-one"
        onClick={() => terminalId && one.mutate(terminalId, { onSuccess: () => void feedback.message().success(t('heartTest.requested')) })}>
        {t('heartTest.requestOne')}
      </Button>
      <Button type="primary" icon={<ThunderboltOutlined />} loading={starting} data-testid="btn-heart-all" onClick={onStartAll}>
        {t(run?.running ? 'heartTest.requestAllRunning' : 'heartTest.requestAll')}
      </Button>
    </Space>
  );
}
