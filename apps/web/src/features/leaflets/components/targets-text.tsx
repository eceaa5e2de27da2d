import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Leaflet } from '@sl/contracts';

const SHOWN = 3;

/** "North Road (area), …, 120 terminals": the first targets by name and the terminal count. */
export function TargetsText({ leaflet }: { leaflet: Leaflet }) {
  const { t } = useTranslation();
  const names = leaflet.targets.slice(0, SHOWN).map((x) => x.name);
  const more = leaflet.targetIds.length > SHOWN ? ' …' : '';
  return (
    <Typography.Text>
      {leaflet.groupMode === 2 ? `${t('leaflet.byArea')}: ` : ''}
      {names.join(', ')}{more} <Typography.Text type="secondary">({t('leaflet.terminals', { count: leaflet.terminalCount })})</Typography.Text>
    </Typography.Text>
  );
}
