import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Collapse, Grid, Spin, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MapSearchHit } from '@sl/contracts';
import { usePushChannel, usePushReopen } from '../../shared/push';
import { useMapConfig } from './api/use-map-config';
import { useMapFleet } from './api/use-map-fleet';
import { useMapSummary } from './api/use-map-summary';
import { LampSearch } from './filters/lamp-search';
import { MapFiltersForm } from './filters/map-filters';
import { FleetMap, type MapFocus } from './map/fleet-map';
import { NO_FILTERS, type MapFilters } from './map/fleet-model';
import { MapLegend } from './map-legend';
import { FleetCountersRow } from './panels/fleet-counters';
import { AlarmKindChart, EnergyChart, OnlineRatioChart } from './panels/map-charts';
import './dashboard.css';

/** Re-renders for deltas at most this often: counters and charts follow, the map itself redraws on its own. */
const DELTA_RENDER_MS = 250;
const SUMMARY_REFRESH_MS = 5000;

/** Bumps a version at most every `ms`, so a burst of deltas costs a few renders. */
function useThrottledVersion(ms: number): [number, () => void] {
  const [version, setVersion] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const bump = useCallback(() => {
    timer.current ??= setTimeout(() => {
      timer.current = undefined;
      setVersion((v) => v + 1);
    }, ms);
  }, [ms]);
  return [version, bump];
}

/** The digital map: counters, the live map of every lamp, and filters, search and today's figures beside it. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const fleet = useMapFleet();
  const tiles = useMapConfig();
  const summary = useMapSummary();
  const [filters, setFilters] = useState<MapFilters>(NO_FILTERS);
  const [focus, setFocus] = useState<MapFocus>();
  const [version, onDelta] = useThrottledVersion(DELTA_RENDER_MS);
  const wide = Grid.useBreakpoint().lg ?? true;
  const model = fleet.data;
  // Deltas sent while the map channel was down are lost: read the fleet again once it is back.
  usePushReopen('map', () => void fleet.refetch());
  // A new alarm changes today's figures: read them again, at most every few seconds.
  const [alarmVersion, onAlarm] = useThrottledVersion(SUMMARY_REFRESH_MS);
  usePushChannel('alarm', onAlarm);
  const { refetch: refetchSummary } = summary;
  useEffect(() => {
    if (alarmVersion > 0) void refetchSummary();
  }, [alarmVersion, refetchSummary]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` says the model changed in place
  const counters = useMemo(() => model?.counters(filters) ?? { total: 0, online: 0, offline: 0, alarm: 0, lit: 0 }, [model, filters, version]);

  const pick = (hit: MapSearchHit) => {
    if (hit.lng === null || hit.lat === null) return void message.info(t('map.noPosition'));
    setFocus({ terminalId: hit.terminalId, lng: hit.lng, lat: hit.lat });
  };

  const panels: Array<{ key: string; label: string; children: ReactNode }> = [
    {
      key: 'filters', label: t('map.filters'),
      children: (
        <>
          <LampSearch onPick={pick} />
          <div style={{ height: 8 }} />
          <MapFiltersForm value={filters} depts={model?.fleet.depts ?? []} onChange={setFilters} />
        </>
      ),
    },
    { key: 'online', label: t('map.onlineRatio'), children: <OnlineRatioChart counters={counters} /> },
    { key: 'alarms', label: t('map.alarmsToday'), children: <AlarmKindChart summary={summary.data} /> },
    { key: 'energy', label: t('map.energyToday'), children: <EnergyChart summary={summary.data} /> },
  ];

  let mapArea: ReactNode;
  if (fleet.isError) {
    mapArea = <Alert type="error" showIcon message={t('map.loadFailed')} action={<Button size="small" onClick={() => void fleet.refetch()}>{t('map.retry')}</Button>} />;
  } else if (!model || !tiles.data) {
    mapArea = <div className="fleet-map-loading"><Spin tip={t('map.loading')}><div style={{ width: 200, height: 60 }} /></Spin></div>;
  } else {
    mapArea = <FleetMap model={model} tiles={tiles.data} filters={filters} focus={focus} onDelta={onDelta} />;
  }

  return (
    <section className="dashboard-page">
      <Typography.Title level={3} data-testid="page-title" style={{ marginTop: 0, marginBottom: 12 }}>
        {t('dashboard.title')}
      </Typography.Title>
      <FleetCountersRow counters={counters} />
      <div className={wide ? 'dashboard-body' : 'dashboard-body narrow'}>
        <Card className="dashboard-map-card" styles={{ body: { padding: 0, height: '100%', position: 'relative' } }} data-testid="map-area">
          {mapArea}
          <MapLegend />
        </Card>
        <aside className="dashboard-side" data-testid="map-side">
          {wide ? (
            panels.map((p) => (
              <Card key={p.key} size="small" title={p.label} className="dashboard-panel">
                {p.children}
              </Card>
            ))
          ) : (
            <Collapse items={panels} defaultActiveKey={[]} size="small" />
          )}
        </aside>
      </div>
    </section>
  );
}
