import { useState } from 'react';
import { Alert, Card, Col, Row, Segmented, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_FAMILIES, type DeviceFamily } from '@sl/contracts';
import type { PickedTerminal } from '../api/settings';
import { SETTING_SPECS } from './setting-kinds';
import { MaintenanceForm } from './maintenance-form';
import { SettingForm } from './setting-form';
import { SettingRecords } from './setting-records';
import { TerminalPicker } from './terminal-picker';

/** `/terminal/set`: the eight setting kinds, each a validated form beside the terminal's current values, and their execution records. */
export default function TerminalSettingsPage() {
  const { t } = useTranslation();
  const [terminal, setTerminal] = useState<PickedTerminal>();
  const [familyPick, setFamilyPick] = useState<DeviceFamily>('rdcsm');
  const family = terminal?.family ?? familyPick;
  return (
    <Card size="small" data-testid="settings-page">
      <Space wrap style={{ marginBottom: 12 }}>
        <TerminalPicker value={terminal} onChange={setTerminal} />
        {!terminal && <Segmented<DeviceFamily> value={familyPick} onChange={setFamilyPick} options={[...DEVICE_FAMILIES]} data-testid="settings-family" />}
      </Space>
      <Tabs
        data-testid="settings-tabs"
        items={SETTING_SPECS.map((spec): { key: string; label: string; children: React.ReactNode } => ({
          key: spec.kind,
          label: t(`setting.kind.${spec.kind}`),
          children: (
            <Row gutter={[24, 16]}>
              <Col xs={24} xl={10}>
                {terminal ? <SettingForm key={terminal.terminalId} spec={spec} terminal={terminal} /> : <Alert type="info" showIcon message={t('setting.pickFirst')} />}
              </Col>
              <Col xs={24} xl={14}>
                <SettingRecords kind={spec.kind} family={family} terminalId={terminal?.terminalId} />
              </Col>
            </Row>
          ),
        })).concat({
          key: 'maintenance',
          label: t('setting.kind.maintenance'),
          children: terminal ? <MaintenanceForm key={terminal.terminalId} terminal={terminal} /> : <Alert type="info" showIcon message={t('setting.pickFirst')} />,
        })}
      />
    </Card>
  );
}
