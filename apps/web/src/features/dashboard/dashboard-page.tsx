import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MapPlaceholder } from './map-placeholder';
import { SummaryCards } from './summary-cards';
import { useFleetSummary } from './api/use-fleet-summary';

/** The digital map: summary figures above the map area. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const summary = useFleetSummary();
  return (
    <section className="dashboard-page">
      <Typography.Title level={3} data-testid="page-title" style={{ marginTop: 0 }}>
        {t('dashboard.title')}
      </Typography.Title>
      <SummaryCards {...summary} />
      <MapPlaceholder />
    </section>
  );
}
