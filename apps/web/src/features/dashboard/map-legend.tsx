import { useTranslation } from 'react-i18next';
import { MAP_STATE_COLOURS, MAP_STATES } from '@sl/contracts';
import { StateDot } from './filters/map-filters';

/** States in their order of severity, and the two shapes. */
export function MapLegend() {
  const { t } = useTranslation();
  return (
    <div className="map-legend" data-testid="map-legend">
      {[...MAP_STATES].reverse().map((name) => (
        <span key={name} className="map-legend-item"><StateDot state={MAP_STATES.indexOf(name)} />{t(`map.state.${name}`)}</span>
      ))}
      <span className="map-legend-item"><span className="map-legend-lamp" />{t('map.lamp')}</span>
      <span className="map-legend-item"><span className="map-legend-cabinet" style={{ background: MAP_STATE_COLOURS[1] }} />{t('map.cabinet')}</span>
    </div>
  );
}
