import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { searchTerminals, type PickedTerminal } from '../api/settings';

/** Picks one terminal in the caller's scope, searched on the server by name or serial number. */
export function TerminalPicker({ value, onChange }: { value?: PickedTerminal; onChange: (t: PickedTerminal | undefined) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [options, setOptions] = useState<PickedTerminal[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let live = true;
    setLoading(true);
    const timer = setTimeout(() => {
      searchTerminals(keyword)
        .then((found) => live && setOptions(found))
        .catch(() => live && setOptions([]))
        .finally(() => live && setLoading(false));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [keyword]);
  return (
    <Select
      showSearch
      allowClear
      filterOption={false}
      loading={loading}
      value={value?.terminalId}
      placeholder={t('setting.pickTerminal')}
      aria-label={t('setting.pickTerminal')}
      onSearch={setKeyword}
      onChange={(id) => onChange(options.find((o) => o.terminalId === id) ?? (id === value?.terminalId ? value : undefined))}
      options={options.map((o) => ({ value: o.terminalId, label: `${o.name} (${o.sn} · ${o.family})` }))}
      notFoundContent={t('common.empty')}
      style={{ width: 320 }}
      data-testid="terminal-picker"
    />
  );
}
