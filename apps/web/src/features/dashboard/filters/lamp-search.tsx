import { useState } from 'react';
import { AutoComplete, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MapSearchHit } from '@sl/contracts';
import { searchLamps } from '../api/use-lamp';

/** Finds lamps by name or serial on the server (in the caller's scope); picking one flies the map there. */
export function LampSearch({ onPick }: { onPick: (hit: MapSearchHit) => void }) {
  const { t } = useTranslation();
  const [hits, setHits] = useState<MapSearchHit[]>([]);
  const [text, setText] = useState('');
  const [searched, setSearched] = useState(false);
  const search = async (keyword: string) => {
    setText(keyword);
    const trimmed = keyword.trim();
    if (!trimmed) return setHits([]);
    const found = await searchLamps(trimmed).catch(() => []);
    setHits(found);
    setSearched(true);
  };
  const pick = (id: string) => {
    const hit = hits.find((h) => String(h.terminalId) === id);
    if (hit) onPick(hit);
  };
  return (
    <AutoComplete
      style={{ width: '100%' }}
      value={text}
      options={hits.map((h) => ({ value: String(h.terminalId), label: <span data-testid="search-hit">{h.name} <span style={{ color: 'var(--sl-text-tertiary)' }}>{h.sn}</span></span> }))}
      onSearch={(k) => void search(k)}
      onSelect={(id: string) => {
        pick(id);
        setText(hits.find((h) => String(h.terminalId) === id)?.name ?? '');
      }}
      notFoundContent={searched && text.trim() ? t('map.searchEmpty') : undefined}
    >
      <Input.Search placeholder={t('map.search')} aria-label={t('map.search')} allowClear data-testid="map-search" onSearch={(k) => void search(k).then(() => undefined)} />
    </AutoComplete>
  );
}
