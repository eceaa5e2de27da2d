import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, List, Space, Tag, Typography } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ALARM_KINDS } from '@sl/contracts';
import { formatTime } from '../../shared/time/format-time';
import { poleQuery } from './api/assets-api';
import { PoleScanner } from './components/pole-scanner';

/** The phone view of a pole: a QR code (`/asset/pole/{poleNo}`) or a typed number opens its lamps, open alarms and risk. */
export default function PolePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const { poleNo = '' } = useParams();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const pole = useQuery({ ...poleQuery(poleNo), enabled: poleNo !== '' });
  const open = (no: string) => no.trim() && void navigate(`/asset/pole/${encodeURIComponent(no.trim())}`);
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 640 }} data-testid="pole-page">
      <Card size="small" title={t('asset.pole.scan')}>
        <Space.Compact style={{ width: '100%' }}>
          <Input value={typed} onChange={(e) => setTyped(e.target.value)} onPressEnter={() => open(typed)} placeholder={t('asset.poleNo')} data-testid="pole-input" />
          <Button type="primary" onClick={() => open(typed)} data-testid="pole-open">{t('asset.pole.open')}</Button>
        </Space.Compact>
        <PoleScanner onCode={open} label={<><ScanOutlined /> {t('asset.pole.scanButton')}</>} unsupported={t('asset.pole.noCamera')} />
      </Card>
      {poleNo && pole.isError && <Alert type="warning" showIcon message={t('asset.pole.notFound')} data-testid="pole-missing" />}
      {pole.data && (
        <>
          <Typography.Title level={4} data-testid="pole-title">{t('asset.pole.title', { poleNo: pole.data.poleNo })}</Typography.Title>
          {pole.data.lamps.map((l) => (
            <Card size="small" key={l.assetId} data-testid="pole-lamp">
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('asset.lampType')}>{l.typeName} · {l.ratedPowerW} W × {l.lampCount}</Descriptions.Item>
                <Descriptions.Item label={t('asset.terminal')}>{l.terminalSn ?? ''}{l.loop ? ` / ${t('asset.loop')} ${l.loop}` : ''}</Descriptions.Item>
                <Descriptions.Item label={t('asset.installDate')}>{l.installDate ?? ''}</Descriptions.Item>
                <Descriptions.Item label={t('asset.warrantyEnd')}>{l.warrantyEnd ?? ''}</Descriptions.Item>
                <Descriptions.Item label={t('asset.supplier')}>{l.supplier}</Descriptions.Item>
                <Descriptions.Item label={t('asset.burnHours')}>{l.burnHours === null ? '' : Math.round(l.burnHours)}</Descriptions.Item>
                <Descriptions.Item label={t('asset.repairs')}>{l.repairs}</Descriptions.Item>
              </Descriptions>
            </Card>
          ))}
          <Card size="small" title={t('asset.pole.risk')}>
            {pole.data.risk ? (
              <Space wrap><Tag color={pole.data.risk.score >= 0.5 ? 'error' : 'default'}>{Math.round(pole.data.risk.score * 100)} %</Tag>{pole.data.risk.reasons.map((r) => <Tag key={r}>{t(`asset.reason.${r}`, { v: '' })}</Tag>)}</Space>
            ) : t('asset.pole.noRisk')}
          </Card>
          <Card size="small" title={t('asset.pole.openAlarms')}>
            <List size="small" dataSource={pole.data.openAlarms} locale={{ emptyText: t('asset.pole.noAlarms') }}
              renderItem={(a) => <List.Item>{ALARM_KINDS.find((k) => k.kind === a.kind)?.name[lang] ?? a.kind} · {formatTime(a.raisedAt)}</List.Item>} />
          </Card>
        </>
      )}
    </Space>
  );
}
