import { Card, Statistic } from 'antd';
import { AlertOutlined, ApiOutlined, BulbOutlined, DisconnectOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAP_STATE_COLOURS, MapState } from '@sl/contracts';
import type { FleetCounters } from '../map/fleet-model';
import { readableText } from '../../../shared/theme/accessible-theme';
import { useSettings } from '../../../shared/stores/settings-store';

/** Total, online, offline, in alarm and lit, over the filtered fleet, live with the map deltas. */
export function FleetCountersRow({ counters }: { counters: FleetCounters }) {
  const { t } = useTranslation();
  const scheme = useSettings((s) => s.colorScheme);
  const cards = [
    { key: 'total', title: t('map.total'), value: counters.total, icon: <ApiOutlined />, color: '#1677ff' },
    { key: 'online', title: t('map.online'), value: counters.online, icon: <ThunderboltOutlined />, color: '#11a983' },
    { key: 'offline', title: t('map.offline'), value: counters.offline, icon: <DisconnectOutlined />, color: MAP_STATE_COLOURS[MapState.offline] },
    { key: 'alarm', title: t('map.inAlarm'), value: counters.alarm, icon: <AlertOutlined />, color: MAP_STATE_COLOURS[MapState.alarm] },
    { key: 'lit', title: t('map.lit'), value: counters.lit, icon: <BulbOutlined />, color: '#d89614' },
  ];
  return (
    <div className="map-counters">
      {cards.map((card) => (
        <Card key={card.key} size="small" data-testid={`summary-${card.key}`} data-value={card.value}>
          <Statistic title={card.title} value={card.value} prefix={card.icon} styles={{ content: { color: readableText(card.color, scheme), fontSize: 22 } }} />
        </Card>
      ))}
    </div>
  );
}
