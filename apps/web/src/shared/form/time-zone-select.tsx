import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';

/** Every IANA zone the browser knows; a runtime that cannot list them offers the current value only. */
function zones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

/** An IANA time zone picker (searchable, clearable: empty means "found elsewhere", sent as null). */
export function TimeZoneSelect({ value, onChange, ...rest }: Omit<SelectProps<string | null>, 'options' | 'showSearch'>) {
  const options = useMemo(() => {
    const list = zones();
    if (value && !list.includes(value)) list.unshift(value);
    return list.map((z) => ({ value: z, label: z }));
  }, [value]);
  return <Select<string | null> {...rest} value={value ?? undefined} onChange={(v, o) => onChange?.(v ?? null, o)} options={options} showSearch allowClear />;
}
