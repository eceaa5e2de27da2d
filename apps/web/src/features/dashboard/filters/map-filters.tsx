import { Button, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_FAMILIES, MAP_STATE_COLOURS, MAP_STATES, TerminalModel } from '@sl/contracts';
import type { MapFilters } from '../map/fleet-model';
import { NO_FILTERS } from '../map/fleet-model';

export function StateDot({ state }: { state: number }) {
  return <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 5, marginRight: 6, background: MAP_STATE_COLOURS[state] }} />;
}

interface Props {
  value: MapFilters;
  depts: Array<{ deptId: number; deptName: string }>;
  onChange: (next: MapFilters) => void;
}

/** Family, model, department and state: the map, the counters and the online ratio follow them. */
export function MapFiltersForm({ value, depts, onChange }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<MapFilters>) => onChange({ ...value, ...patch });
  const all = t('map.all');
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={8} data-testid="map-filters">
      <Select allowClear placeholder={`${t('map.family')}: ${all}`} style={{ width: '100%' }} aria-label={t('map.family')} data-testid="filter-family" value={value.family}
        options={DEVICE_FAMILIES.map((f, i) => ({ value: i, label: f }))} onChange={(family) => set({ family })} />
      <Select allowClear placeholder={`${t('map.model')}: ${all}`} style={{ width: '100%' }} aria-label={t('map.model')} data-testid="filter-model" value={value.model}
        options={[{ value: TerminalModel.centralised, label: t('map.cabinet') }, { value: TerminalModel.singleLamp, label: t('map.lamp') }]} onChange={(model) => set({ model })} />
      <Select allowClear showSearch optionFilterProp="label" placeholder={`${t('map.dept')}: ${all}`} style={{ width: '100%' }} aria-label={t('map.dept')} data-testid="filter-dept" value={value.deptId}
        options={depts.map((d) => ({ value: d.deptId, label: d.deptName || t('map.noDept') }))} onChange={(deptId) => set({ deptId })} />
      <Select mode="multiple" allowClear placeholder={`${t('map.states')}: ${all}`} style={{ width: '100%' }} aria-label={t('map.states')} data-testid="filter-state" value={value.states}
        options={MAP_STATES.map((name, code) => ({ value: code, label: <span><StateDot state={code} />{t(`map.state.${name}`)}</span> }))}
        onChange={(states: number[]) => set({ states })} />
      <Button size="small" onClick={() => onChange(NO_FILTERS)} disabled={value === NO_FILTERS}>{t('map.reset')}</Button>
    </Space>
  );
}
