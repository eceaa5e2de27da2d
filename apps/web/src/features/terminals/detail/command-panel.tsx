import { useState } from 'react';
import { Button, Divider, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { MANUAL_HOLD_DEFAULT_MIN, type ManualHold, type Terminal } from '@sl/contracts';
import { HoldSelect } from '../../../shared/light-state';
import { usePermission } from '../../../shared/permission/access';
import { TaskList, useConfirmedSend, type useTaskFollower } from '../../../shared/task';
import { CommandForms } from './command-forms';
import { COMMANDS, QUICK_CODES, QUICK_REQUESTS, sendCommand, type CommandKey, type QuickCode } from './command-requests';

interface Props {
  terminal: Terminal;
  follower: ReturnType<typeof useTaskFollower>;
}

const ONE_CLICK: CommandKey[] = ['open', 'close', 'clockQuery', 'clockSync', 'timeRead', 'heartbeat', 'planClear', 'paramQuery', 'localList', 'init'];

/** Every command of the detail page: each asks for confirmation (a cabinet's switching for the password first) and is followed live. */
export function CommandPanel({ terminal, follower }: Props) {
  const { t } = useTranslation();
  const can = usePermission();
  const [confirm, passwordDialog] = useConfirmedSend();
  const [level, setLevel] = useState(50);
  const [quick, setQuick] = useState<QuickCode>(11);
  const [holdMin, setHoldMin] = useState<ManualHold>(MANUAL_HOLD_DEFAULT_MIN);
  const cabinet = terminal.model === 1;
  const { terminalId, family } = terminal;

  const send = async (label: string, switches: boolean, url: string, body?: object, destructive = false) => {
    const check = (cabinet && switches) || destructive;
    const content = destructive ? t('detail.cmd.initHint') : check ? t('detail.cmd.cabinetHint') : undefined;
    if (!(await confirm({ title: t('detail.cmd.confirm', { cmd: label, name: terminal.name }), content, passwordCheck: check, danger: destructive }))) return;
    await follower.run(label, terminalId, () => sendCommand(url, body));
  };
  const run = (key: CommandKey, values: Record<string, unknown> = {}) => {
    const spec = COMMANDS[key];
    const label = key === 'dim' ? t('terminal.action.dimTo', { level: values.level }) : t(`detail.cmd.${key}`);
    void send(label, 'switches' in spec && spec.switches === true, spec.url(family, terminalId), 'body' in spec ? spec.body(terminalId, { holdMin, ...values }) : undefined, 'destructive' in spec && spec.destructive);
  };
  const runQuick = () => {
    const q = QUICK_REQUESTS[quick];
    void send(`${t('detail.cmd.quick')}: ${t(`detail.cmd.quick.${quick}`)}`, q.switches, q.url(family), q.body(terminalId, { holdMin }));
  };

  return (
    <div data-testid="command-panel">
      <Space wrap>
        {can([COMMANDS.open.permission]) && <HoldSelect value={holdMin} onChange={setHoldMin} />}
        {ONE_CLICK.filter((k) => can([COMMANDS[k].permission])).map((k) => (
          <Button key={k} type={k === 'open' ? 'primary' : 'default'} danger={k === 'close' || k === 'init'} onClick={() => run(k)} data-testid={`cmd-${k}`}>{t(`detail.cmd.${k}`)}</Button>
        ))}
        {can([COMMANDS.dim.permission]) && (
          <Space.Compact>
            <InputNumber min={0} max={100} value={level} onChange={(v) => setLevel(v ?? 0)} style={{ width: 80 }} aria-label={t('terminal.dim')} data-testid="dim-level" />
            <Button onClick={() => run('dim', { level })} data-testid="cmd-dim">{t('detail.cmd.dim')}</Button>
          </Space.Compact>
        )}
        {can([QUICK_REQUESTS[quick].permission]) && (
          <Space.Compact>
            <Select<QuickCode> value={quick} onChange={setQuick} style={{ width: 150 }} options={QUICK_CODES.map((c) => ({ value: c, label: `${c} ${t(`detail.cmd.quick.${c}`)}` }))} data-testid="quick-code" />
            <Button onClick={runQuick} data-testid="cmd-quick">{t('detail.cmd.quick')}</Button>
          </Space.Compact>
        )}
      </Space>
      <Divider style={{ margin: '12px 0' }} />
      <CommandForms onSend={run} />
      <TaskList tasks={follower.tasks} />
      {passwordDialog}
    </div>
  );
}
