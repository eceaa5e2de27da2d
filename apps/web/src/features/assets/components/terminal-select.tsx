import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { terminalSearch } from '../api/assets-api';

interface Props {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The linked controller's serial number, shown before any search. */
  initialSn?: string | null;
}

/** A controller chosen by searching its serial number on the server. */
export function TerminalSelect({ value, onChange, initialSn }: Props) {
  const { t } = useTranslation();
  const [options, setOptions] = useState(value && initialSn ? [{ value, label: initialSn }] : []);
  const search = (sn: string) => {
    if (!sn.trim()) return;
    void terminalSearch(sn.trim()).then((page) => setOptions(page.list.map((r) => ({ value: r.terminalId, label: `${r.sn} ${r.name}` }))));
  };
  return (
    <Select allowClear showSearch filterOption={false} value={value ?? undefined} onChange={(v) => onChange?.(v ?? null)} onSearch={search}
      options={options} placeholder={t('asset.terminalHint')} notFoundContent={null} data-testid="field-terminal" />
  );
}
