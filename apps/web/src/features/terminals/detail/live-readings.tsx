import { Descriptions, Empty, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { heartbeatExtra, lightStatesOf, type HeartbeatRecord, type RatedTerminal } from '@sl/contracts';
import { LightView } from '../../../shared/light-state';
import { formatTime } from '../../../shared/time/format-time';
import { LampTag } from '../components/lamp-tags';

/** A switch the terminal confirmed after its latest heartbeat: shown until a newer heartbeat says otherwise. */
export interface ConfirmedSwitch {
  on: boolean;
  dim?: number;
  at: number;
}

function useUnits() {
  const { i18n } = useTranslation();
  return (v: number | null | undefined, unit: string, digits = 1) =>
    v === null || v === undefined ? '—' : `${new Intl.NumberFormat(i18n.language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v)} ${unit}`;
}

/**
 * The latest heartbeat: per phase for a cabinet (with loops, leakage, door, mode), the lamp's own for a single lamp,
 * and the relay it reports beside the light it measures (a closed relay on a dead lamp is dark).
 */
export function LiveReadings({ reading, confirmed, terminal }: { reading: HeartbeatRecord | null; confirmed?: ConfirmedSwitch; terminal: RatedTerminal }) {
  const { t } = useTranslation();
  const fmt = useUnits();
  if (!reading) return <Empty description={t('detail.noReadings')} data-testid="no-readings" />;
  const light = <LightView light={lightStatesOf(reading, terminal)} />;
  const newer = confirmed && confirmed.at > new Date(reading.receivedAt).getTime() ? confirmed : undefined;
  const on = newer ? newer.on : reading.on;
  const dim = newer?.dim ?? reading.dim;
  const at = <Typography.Text type="secondary" data-testid="reading-at">{t('detail.readingAt', { time: formatTime(reading.ts) })}</Typography.Text>;
  if (reading.model === 2) {
    return (
      <div data-testid="live-readings" data-lamp={on ? 'on' : 'off'}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} items={[
          { key: 'lamp', label: t('terminal.lamp'), children: <LampTag on={on} /> },
          { key: 'dim', label: t('terminal.dim'), children: <span data-testid="reading-dim">{on ? fmt(dim, '%', 0) : fmt(0, '%', 0)}</span> },
          { key: 'v', label: t('detail.voltage'), children: fmt(reading.voltageA, 'V') },
          { key: 'i', label: t('detail.current'), children: fmt(reading.currentA, 'A', 2) },
          { key: 'p', label: t('detail.power'), children: fmt(reading.powerA, 'kW', 3) },
          { key: 'pf', label: t('detail.powerFactor'), children: fmt(reading.powerFactor, '', 2) },
          { key: 'e', label: t('detail.energy'), children: fmt(reading.energyKwh, 'kWh', 2) },
          { key: 'b', label: t('detail.burnHours'), children: fmt(reading.burnHours, 'h', 1) },
        ]} />
        {light}
        <div>{at}</div>
      </div>
    );
  }
  const extra = heartbeatExtra(reading.extra);
  const pf = extra.powerFactor ?? {};
  const phases = [
    ['A', reading.voltageA, reading.currentA, reading.powerA, pf.a ?? reading.powerFactor],
    ['B', reading.voltageB, reading.currentB, reading.powerB, pf.b],
    ['C', reading.voltageC, reading.currentC, reading.powerC, pf.c],
  ] as const;
  return (
    <div data-testid="live-readings" data-lamp={on ? 'on' : 'off'}>
      <Table
        size="small"
        bordered
        pagination={false}
        rowKey="phase"
        data-testid="phase-readings"
        dataSource={phases.map(([phase, v, i, w, f]) => ({ phase, v, i, w, f }))}
        columns={[
          { title: '', dataIndex: 'phase', render: (p: string) => t('detail.phase', { p }) },
          { title: t('detail.voltage'), dataIndex: 'v', align: 'right', render: (v: number | null) => fmt(v, 'V') },
          { title: t('detail.current'), dataIndex: 'i', align: 'right', render: (v: number | null) => fmt(v, 'A', 2) },
          { title: t('detail.power'), dataIndex: 'w', align: 'right', render: (v: number | null) => fmt(v, 'kW', 3) },
          { title: t('detail.powerFactor'), dataIndex: 'f', align: 'right', render: (v: number | null) => fmt(v, '', 2) },
        ]}
      />
      <Descriptions size="small" style={{ marginTop: 8 }} column={{ xs: 1, sm: 2, lg: 4 }} items={[
        { key: 'e', label: t('detail.energy'), children: fmt(reading.energyKwh, 'kWh', 2) },
        { key: 'l', label: t('detail.leakage'), children: fmt(reading.leakageMa, 'mA', 1) },
        { key: 'd', label: t('detail.door'), children: extra.lock ? t(`detail.door.${extra.lock}`) : '—' },
        { key: 'm', label: t('terminal.controlMode'), children: extra.mode ? t(`terminal.controlMode.${extra.mode}`) : '—' },
      ]} />
      <Space wrap style={{ marginTop: 8 }} data-testid="loops">
        <Typography.Text type="secondary">{t('detail.loops')}:</Typography.Text>
        {(extra.loops ?? []).map((l) => {
          const lit = newer ? newer.on : l.on;
          return <Tag key={l.no} color={lit ? 'gold' : 'default'} data-testid="loop" data-on={lit}>{t('detail.loop', { n: l.no })} {lit ? t('terminal.lamp.on') : t('terminal.lamp.off')}</Tag>;
        })}
      </Space>
      <div>{light}</div>
      <div>{at}</div>
    </div>
  );
}
