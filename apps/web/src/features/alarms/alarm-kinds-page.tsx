import { Card, Col, Row, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DEVICE_FAMILIES, type AlarmKindInfo } from '@sl/contracts';
import { PlainTable } from '../../shared/table';
import { useAlarmKinds } from './api/alarms';
import { AlarmSetCard } from './components/alarm-set-card';
import { AlarmSetTable } from './components/alarm-set-table';
import { useAlarmNames } from './components/alarm-names';
import { AlarmKindTag } from './components/alarm-tags';
import { NotifyChannelsTable } from './components/notify-channels-table';

/** Alarm settings per family (applied by the gateway to the next event), those stored per department, and the catalogue of alarm kinds (`/alarm/desc/list`). */
export default function AlarmSettingsPage() {
  const { t } = useTranslation();
  const { locale } = useAlarmNames();
  const kinds = useAlarmKinds();
  const columns: ColumnsType<AlarmKindInfo> = [
    { title: t('alarm.kind'), dataIndex: 'kind', width: 160, render: (k: string) => <AlarmKindTag kind={k} /> },
    { title: t('alarm.kindKey'), dataIndex: 'kind', width: 160 },
    { title: t('alarm.severity'), dataIndex: 'severity', width: 120, render: (s: number) => t(`alarm.severity.${s}`) },
    { title: t('alarm.description'), key: 'description', render: (_, k) => k.description[locale] },
  ];
  return (
    <Card>
      <Row gutter={[16, 16]}>
        {DEVICE_FAMILIES.map((family) => (
          <Col key={family} xs={24} lg={12}><AlarmSetCard family={family} /></Col>
        ))}
      </Row>
      <Typography.Title level={5} style={{ marginTop: 24 }}>{t('alarmSet.storedTitle')}</Typography.Title>
      <AlarmSetTable />
      <Typography.Title level={5} style={{ marginTop: 24 }}>{t('notify.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('notify.hint')}</Typography.Paragraph>
      <NotifyChannelsTable />
      <Typography.Title level={5} style={{ marginTop: 24 }}>{t('alarm.kindsTitle')}</Typography.Title>
      <PlainTable<AlarmKindInfo> rowKey="kind" loading={kinds.isLoading} dataSource={kinds.data ?? []} columns={columns} />
    </Card>
  );
}
