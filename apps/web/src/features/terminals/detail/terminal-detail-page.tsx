import { useState } from 'react';
import { Button, Card, Col, Descriptions, Result, Row, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { heartbeatExtra, type CommandResultPush, type MapDeltaPush } from '@sl/contracts';
import { ControlModeText } from '../../../shared/light-state';
import { usePermission } from '../../../shared/permission/access';
import { usePushChannel } from '../../../shared/push';
import { useTaskFollower } from '../../../shared/task';
import { relativeTime } from '../../../shared/time/format-time';
import { useTerminalInfo, type TerminalInfo } from '../api/terminal-detail';
import { Images } from '../components/images-dialog';
import { OnlineTag, StatusTag } from '../components/lamp-tags';
import { RegistrationDialog } from '../components/registration-dialog';
import { CommandPanel } from './command-panel';
import { ControlProgram } from './control-program';
import { HeartStatistics, OpenAlarms, OverCurrent, Positions, TaskHistory } from './detail-panels';
import { HistoryCharts } from './history-charts';
import { LiveReadings, type ConfirmedSwitch } from './live-readings';

const SWITCHES: Record<string, (params: { level?: number }) => Omit<ConfirmedSwitch, 'at'>> = {
  'light.open': () => ({ on: true }),
  'light.close': () => ({ on: false }),
};

/** `/terminal/detail/:id`: identity, live readings, plots, commands and their history of one terminal. */
export default function TerminalDetailPage() {
  const id = Number(useParams().id);
  const { t } = useTranslation();
  const info = useTerminalInfo(Number.isInteger(id) ? id : 0);
  if (info.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!info.data) return <Result status="404" title={t('detail.notFound')} extra={<Link to="/terminal/list">{t('detail.back')}</Link>} data-testid="detail-not-found" />;
  return <Detail info={info.data} refetch={() => void info.refetch()} />;
}

function Detail({ info, refetch }: { info: TerminalInfo; refetch: () => void }) {
  const { t } = useTranslation();
  const can = usePermission();
  const client = useQueryClient();
  const [confirmed, setConfirmed] = useState<ConfirmedSwitch>();
  const [registering, setRegistering] = useState(false);
  const id = info.terminalId;
  const cabinet = info.model === 1;
  const extra = heartbeatExtra(info.latestHeartbeat?.extra);
  const refresh = () => {
    refetch();
    void client.invalidateQueries({ queryKey: ['terminals', 'tasks', id] });
  };
  // A confirmed switch shows at once; the fresh heartbeat the server asks for follows within a second or two.
  const follower = useTaskFollower((_task, push: CommandResultPush) => {
    const effect = SWITCHES[push.cmd];
    if (push.state === 'succeeded' && effect) setConfirmed({ ...effect({}), at: Date.now() });
    refresh();
    setTimeout(refetch, 1500);
  });
  // Online, lit and alarm changes of this terminal arrive as map deltas.
  usePushChannel('map', (m) => {
    const delta = m as MapDeltaPush;
    if (delta.event === 'mapDelta' && delta.changes.some(([tid]) => tid === id)) refetch();
  });
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="terminal-detail" data-terminal-id={id}>
      <Card size="small">
        <Space wrap align="center">
          <Link to="/terminal/list"><Button icon={<ArrowLeftOutlined />} size="small">{t('detail.back')}</Button></Link>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="detail-name">{info.name}</Typography.Title>
          <OnlineTag state={info.onlineState} />
          <StatusTag status={info.status} />
          <Typography.Text type="secondary">{info.sn} · {info.family} · {t(`terminal.model.${info.model}`)}</Typography.Text>
        </Space>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('detail.identity')}>
            <Descriptions size="small" column={1} items={[
              { key: 'dept', label: t('terminal.dept'), children: info.deptName || '—' },
              { key: 'enterprise', label: t('terminal.enterprise'), children: <span data-testid="terminal-enterprise">{info.enterpriseName || '—'}</span> },
              { key: 'box', label: t('terminal.box'), children: info.boxName || '—' },
              { key: 'area', label: t('terminal.area'), children: info.area || '—' },
              { key: 'address', label: t('terminal.address'), children: info.address || '—' },
              { key: 'pos', label: `${t('terminal.lng')} / ${t('terminal.lat')}`, children: info.lng !== null && info.lat !== null ? `${info.lng}, ${info.lat}` : '—' },
              { key: 'zone', label: t('terminal.timeZone'), children: <span data-testid="terminal-zone">{info.zone.timeZone} · {t(`terminal.zoneSource.${info.zone.source}`)}</span> },
              { key: 'imsi', label: t('terminal.imsi'), children: info.imsi || '—' },
              { key: 'manufacturer', label: t('terminal.manufacturer'), children: info.manufacturer },
              { key: 'mode', label: t('terminal.controlMode'), children: <ControlModeText mode={extra.mode ?? info.controlMode} manualUntil={extra.manualUntil ?? null} /> },
              {
                key: 'registered',
                label: t('terminal.registered'),
                children: (
                  <Space size={4}>
                    {t(`terminal.registered.${info.registerState}`)}
                    {can(['terminal:terminal:edit']) && <Button type="link" size="small" onClick={() => setRegistering(true)} data-testid="btn-registration">{t('terminal.registration')}</Button>}
                  </Space>
                ),
              },
              { key: 'seen', label: t('terminal.lastSeen'), children: info.lastSeenAt ? relativeTime(info.lastSeenAt) : t('terminal.never') },
            ]} />
            <Typography.Text type="secondary">{t('detail.program')}</Typography.Text>
            <ControlProgram terminalId={id} />
            <Typography.Text type="secondary">{t('detail.position')}</Typography.Text>
            <Positions terminalId={id} />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('detail.readings')} style={{ marginBottom: 16 }}>
            <LiveReadings reading={info.latestHeartbeat} confirmed={confirmed} terminal={info} />
          </Card>
          {can(['terminal:terminal:control', 'terminal:set:send', 'terminal:heart:send']) && (
            <Card size="small" title={t('detail.commands')}>
              <CommandPanel terminal={info} follower={follower} />
            </Card>
          )}
        </Col>
      </Row>
      <Card size="small" title={t('detail.history')}>
        <HistoryCharts terminalId={id} cabinet={cabinet} latestAt={info.latestHeartbeat?.receivedAt} />
      </Card>
      <Row gutter={[16, 16]}>
        {can(['alarm:alarm:query']) && (
          <Col xs={24} xl={12}>
            <Card size="small" title={t('detail.alarms')}><OpenAlarms terminalId={id} enabled /></Card>
          </Col>
        )}
        {cabinet && can(['terminal:set:query']) && (
          <Col xs={24} xl={12}>
            <Card size="small" title={t('detail.overCurrent')}><OverCurrent terminalId={id} /></Card>
          </Col>
        )}
      </Row>
      {info.family === 'rdc4m' && can(['terminal:heart:query']) && (
        <Card size="small" title={t('detail.stats')}><HeartStatistics terminalId={id} /></Card>
      )}
      {can(['terminal:set:query']) && (
        <Card size="small" title={t('detail.tasks')}><TaskHistory terminalId={id} /></Card>
      )}
      <Card size="small" title={t('terminal.images')}><Images id={id} /></Card>
      <RegistrationDialog terminal={registering ? info : null} onClose={() => { setRegistering(false); refetch(); }} />
    </Space>
  );
}
