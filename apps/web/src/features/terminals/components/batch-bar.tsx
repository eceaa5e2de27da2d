import { useState } from 'react';
import { Button, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BatchAction, TerminalListItem } from '@sl/contracts';
import { Access } from '../../../shared/permission/access';
import { BatchProgress, useBatchFollower, useConfirmedSend } from '../../../shared/task';
import { sendBatch } from '../api/terminals';

/** Quick commands to the selected rows: password check, confirmation, then the progress of every task. */
export function BatchBar({ selected }: { selected: TerminalListItem[] }) {
  const { t } = useTranslation();
  const [level, setLevel] = useState(50);
  const follower = useBatchFollower();
  const [confirm, passwordDialog] = useConfirmedSend();
  const names = new Map(selected.map((r) => [r.terminalId, `${r.name} (${r.sn})`]));
  const [namesAtSend, setNamesAtSend] = useState(names);
  const run = async (action: BatchAction) => {
    const label = action === 'dim' ? t('terminal.action.dimTo', { level }) : t(`terminal.action.${action}`);
    if (!(await confirm({ title: t('terminal.batch.confirm', { n: selected.length, action: label }), passwordCheck: true, danger: action === 'off' }))) return;
    setNamesAtSend(names);
    await follower.start(label, () => sendBatch({ terminalIds: selected.map((r) => r.terminalId), action, level: action === 'dim' ? level : undefined })).catch(() => undefined);
  };
  return (
    <>
      <Access permissions={['terminal:terminal:control']}>
        <Space wrap style={{ marginBottom: 12 }} data-testid="batch-bar">
          <Typography.Text type="secondary">{t('terminal.selected', { n: selected.length })}</Typography.Text>
          {(['on', 'off', 'auto'] as const).map((a) => (
            <Button key={a} size="small" disabled={!selected.length || follower.sending} onClick={() => void run(a)} data-testid={`batch-${a}`}>{t(`terminal.batch.${a}`)}</Button>
          ))}
          <Space.Compact>
            <InputNumber size="small" min={0} max={100} value={level} onChange={(v) => setLevel(v ?? 0)} style={{ width: 70 }} aria-label={t('terminal.dim')} data-testid="batch-level" />
            <Button size="small" disabled={!selected.length || follower.sending} onClick={() => void run('dim')} data-testid="batch-dim">{t('terminal.batch.dim')}</Button>
          </Space.Compact>
        </Space>
      </Access>
      {follower.batch && <BatchProgress batch={follower.batch} nameOf={(id) => namesAtSend.get(id) ?? `#${id}`} onClose={follower.close} />}
      {passwordDialog}
    </>
  );
}
