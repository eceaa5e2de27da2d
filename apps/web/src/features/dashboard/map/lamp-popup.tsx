import { useState } from 'react';
import { Button, Descriptions, InputNumber, Space, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MANUAL_HOLD_DEFAULT_MIN, MAP_STATE_COLOURS, MAP_STATES, type HeartbeatRecord, type ManualHold, type MapTerminalDetail } from '@sl/contracts';
import { ControlModeText, HoldSelect, LightView } from '../../../shared/light-state';
import { usePermission } from '../../../shared/permission/access';
import { TASK_COLOURS, useTaskFollower } from '../../../shared/task';
import { QUICK_ACTION_PERMISSIONS, useLampDetail, useQuickAction, type QuickAction } from '../api/use-lamp';

const fixed = (v: number | null | undefined, unit: string, digits = 1) => (v === null || v === undefined ? '—' : `${v.toFixed(digits)} ${unit}`);

function Readings({ r }: { r: HeartbeatRecord }) {
  const { t } = useTranslation();
  const cabinet = r.model === 1;
  // Heartbeats report active power in kW (protocol §3).
  const power = cabinet ? (r.powerA ?? 0) + (r.powerB ?? 0) + (r.powerC ?? 0) : r.powerA;
  const items = [
    { key: 'v', label: t('map.popup.voltage'), children: cabinet ? [r.voltageA, r.voltageB, r.voltageC].map((v) => fixed(v, 'V')).join(' / ') : fixed(r.voltageA, 'V') },
    { key: 'i', label: t('map.popup.current'), children: cabinet ? [r.currentA, r.currentB, r.currentC].map((v) => fixed(v, 'A', 2)).join(' / ') : fixed(r.currentA, 'A', 2) },
    { key: 'p', label: t('map.popup.power'), children: fixed(power, 'kW', 3) },
    ...(cabinet ? [] : [{ key: 'd', label: t('map.popup.dim'), children: `${r.on ? (r.dim ?? 0) : 0} %` }]),
    { key: 'e', label: t('map.popup.energy'), children: fixed(r.energyKwh, 'kWh', 2) },
  ];
  return <Descriptions size="small" column={cabinet ? 1 : 2} items={items} />;
}

/** Name, state, latest readings, open alarms and quick actions of one lamp; the task outcome arrives by push. */
export function LampPopup({ terminalId, state }: { terminalId: number; state: number | undefined }) {
  const { t } = useTranslation();
  const detail = useLampDetail(terminalId);
  if (!detail.data) return <div style={{ padding: 16, minWidth: 220, textAlign: 'center' }}>{detail.isError ? t('map.loadFailed') : <Spin size="small" />}</div>;
  return <LampPopupBody d={detail.data} state={state ?? detail.data.state} refresh={() => void detail.refetch()} />;
}

function LampPopupBody({ d, state, refresh }: { d: MapTerminalDetail; state: number; refresh: () => void }) {
  const { t, i18n } = useTranslation();
  const can = usePermission();
  const [level, setLevel] = useState(50);
  const [holdMin, setHoldMin] = useState<ManualHold>(MANUAL_HOLD_DEFAULT_MIN);
  const action = useQuickAction(d.family, d.terminalId);
  // The shared follower keeps an outcome that arrives before the send answers, and settles the task from `50rdcsm`.
  const follower = useTaskFollower(() => refresh());
  const latest = follower.tasks[0];
  const task = latest && { action: latest.label as QuickAction, state: latest.state, msg: latest.taskId === undefined && latest.state === 'failed' ? undefined : latest.msg };
  const run = (a: QuickAction) => follower.run(a, d.terminalId, () => action.mutateAsync({ action: a, level, holdMin }));
  const actions = (['on', 'off', 'dim', 'auto'] as const).filter((a) => can([QUICK_ACTION_PERMISSIONS[a]]));
  const stateName = MAP_STATES[state] ?? 'off';
  const lastSeen = d.lastSeenAt ? new Date(d.lastSeenAt).toLocaleString(i18n.language) : '—';
  return (
    <div className="lamp-popup" data-testid="lamp-popup" data-terminal-id={d.terminalId} data-state={state}>
      <Typography.Text strong style={{ fontSize: 15 }}>{d.name}</Typography.Text>
      <div style={{ margin: '4px 0 8px' }}>
        <Tag color={MAP_STATE_COLOURS[state]} data-testid="lamp-state">{t(`map.state.${stateName}`)}</Tag>
        <Tag>{d.model === 1 ? t('map.cabinet') : t('map.lamp')}</Tag>
      </div>
      <Descriptions size="small" column={1} items={[
        { key: 'sn', label: t('map.popup.sn'), children: `${d.sn} (${d.family})` },
        { key: 'dept', label: t('map.popup.dept'), children: d.deptName || t('map.noDept') },
        { key: 'mode', label: t('map.popup.mode'), children: <ControlModeText mode={d.light?.mode ?? d.controlMode} manualUntil={d.light?.manualUntil ?? null} /> },
        { key: 'seen', label: t('map.popup.lastSeen'), children: lastSeen },
      ]} />
      <Typography.Text type="secondary">{t('map.popup.readings')}</Typography.Text>
      {d.light && <LightView light={d.light} />}
      {d.latest ? <Readings r={d.latest} /> : <div>{t('map.popup.noReadings')}</div>}
      <Typography.Text type="secondary">{t('map.popup.alarms')}</Typography.Text>
      <div data-testid="lamp-alarms">
        {d.alarms.length ? d.alarms.map((a) => <Tag key={a.alarmId} color="red">{t(`map.kind.${a.kind}`, { defaultValue: a.kind })}</Tag>) : t('map.popup.noAlarms')}
      </div>
      {actions.length > 0 && (
        <Space wrap size={6} style={{ marginTop: 10 }}>
          {actions.some((a) => a !== 'auto') && <HoldSelect size="small" value={holdMin} onChange={setHoldMin} />}
          {actions.map((a) =>
            a === 'dim' ? (
              <Space.Compact key={a}>
                <InputNumber size="small" min={0} max={100} value={level} onChange={(v) => setLevel(v ?? 0)} style={{ width: 64 }} aria-label={t('map.popup.dim')} />
                <Button size="small" onClick={() => void run(a)} data-testid="action-dim">{t('map.action.dim')}</Button>
              </Space.Compact>
            ) : (
              <Button key={a} size="small" type={a === 'on' ? 'primary' : 'default'} onClick={() => void run(a)} data-testid={`action-${a}`}>{t(`map.action.${a}`)}</Button>
            ),
          )}
        </Space>
      )}
      {task && (
        <div style={{ marginTop: 8 }} data-testid="lamp-task" data-action={task.action} data-state={task.state}>
          <Tag color={TASK_COLOURS[task.state]}>{t(`map.action.${task.action}`)}</Tag>
          {t(`map.task.${task.state}`)} {task.msg ? `(${task.msg})` : ''}
        </div>
      )}
      <div style={{ marginTop: 8 }}>
        <Link to={`/terminal/detail/${d.terminalId}`} data-testid="lamp-detail-link">{t('map.popup.detail')} →</Link>
      </div>
    </div>
  );
}
