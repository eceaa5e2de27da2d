import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** Blank map area; no tile requests until the map view is built. */
export function MapPlaceholder() {
  const { t } = useTranslation();
  return (
    <Card title={t('dashboard.mapTitle')} style={{ marginTop: 16 }} data-testid="map-area">
      <div style={{ minHeight: 360, display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f0f4fa', borderRadius: 8 }}>
        <Empty description={t('dashboard.mapNote')} />
      </div>
    </Card>
  );
}
