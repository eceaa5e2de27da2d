import { Card, Descriptions, Result, Skeleton, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CITIZEN_REPORT_STATES } from '@sl/contracts';
import { registerLocales } from '../../../shared/i18n/register-locales';
import { usePageTitle } from '../../../shared/page-title/use-page-title';
import { formatTime } from '../../../shared/time/format-time';
import { useReportStatus } from '../api/citizen';
import { citizenLocales } from '../locales';
import { PublicShell } from './public-shell';

registerLocales(citizenLocales);

/** /r/status/{token}: the reporter follows the report without an account; it looks again every few seconds. */
export default function CitizenStatusPage() {
  const { t } = useTranslation();
  usePageTitle(t('citizen.statusTitle'));
  const { token = '' } = useParams();
  const status = useReportStatus(token);
  if (status.isPending) return <PublicShell><Skeleton active /></PublicShell>;
  if (status.isError) return <PublicShell><Result status="404" title={t('citizen.statusMissing')} /></PublicShell>;
  const s = status.data;
  const current = CITIZEN_REPORT_STATES.indexOf(s.state);
  return (
    <PublicShell>
      <Card variant="borderless" title={t('citizen.statusTitle')}>
        <Steps direction="vertical" current={current} status={s.state === 'resolved' ? 'finish' : 'process'} data-testid="citizen-state" data-state={s.state}
          items={CITIZEN_REPORT_STATES.map((state) => ({ title: t(`citizen.state.${state}`) }))} />
        <Descriptions column={1} size="small" style={{ marginTop: 16 }}>
          <Descriptions.Item label={t('citizen.pole')}>{s.poleNo}</Descriptions.Item>
          {s.address && <Descriptions.Item label={t('citizen.where')}>{s.address}</Descriptions.Item>}
          <Descriptions.Item label={t('citizen.problem')}>{t(`citizen.problem.${s.problem}`)}</Descriptions.Item>
          <Descriptions.Item label={t('citizen.reportedAt')}>{formatTime(s.reportedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('citizen.updatedAt')}>{formatTime(s.updatedAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
    </PublicShell>
  );
}
