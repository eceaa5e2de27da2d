import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_FAMILIES } from '@sl/contracts';
import { LogPage } from '../../shared/log-page';
import { Access } from '../../shared/permission/access';
import { useHeartRun } from './api/heart-run';
import { HeartActions } from './components/heart-actions';
import { HeartRunPanel } from './components/heart-run-panel';
import { heartbeatConfig, heartTestLogConfig } from './heart-configs';

/** Heartbeat requests to one or all terminals, their test logs, and the stored heartbeats per family. */
export default function HeartbeatTestsPage() {
  const { t } = useTranslation();
  const { run, start } = useHeartRun();
  const tabs = [
    ...DEVICE_FAMILIES.map((f) => ({ key: `test-${f}`, label: t('heartTest.testLog', { family: f }), children: <LogPage embedded config={heartTestLogConfig(f)} /> })),
    ...DEVICE_FAMILIES.map((f) => ({ key: `beats-${f}`, label: t('heartTest.heartbeats', { family: f }), children: <LogPage embedded config={heartbeatConfig(f)} /> })),
  ];
  return (
    <Card>
      <Access permissions={['terminal:heart:send']}>
        <HeartActions run={run} starting={start.isPending} onStartAll={() => start.mutate()} />
      </Access>
      <HeartRunPanel run={run} />
      <Tabs items={tabs} destroyOnHidden />
    </Card>
  );
}
