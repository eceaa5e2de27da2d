import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MapPlaceholder } from './map-placeholder';
import { SummaryCards } from './summary-cards';

/** The digital map: summary figures above the map area. */
export default function DashboardPage() {
  const { t } = useTranslation();
  return (
    <section className="dashboard-page">
      <Typography.Title level={3} data-testid="page-title" style={{ marginTop: 0 }}>
        {t('dashboard.title')}
      </Typography.Title>
      <SummaryCards terminals={0} online={0} alarms={0} />
      <MapPlaceholder />
    </section>
  );
}
