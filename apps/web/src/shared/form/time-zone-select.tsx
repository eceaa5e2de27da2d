import { Select, type SelectProps } from 'antd';
import { useMemo, useState } from 'react';
import { zoneOffsetMin } from '@sl/contracts';
import { useDict } from '../dict';

/** Every IANA zone the browser knows; a runtime that cannot list them offers the current value only. */
function zones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

const utc = (min: number) => `UTC${min < 0 ? '−' : '+'}${String(Math.floor(Math.abs(min) / 60)).padStart(2, '0')}:${String(Math.abs(min) % 60).padStart(2, '0')}`;

/** Zones with their offset now, east of Greenwich (UTC+, zero included) and west of it (UTC−), each ordered by offset. */
export function zonesBySide(list: string[], now = Date.now()) {
  const withOffset = list.map((zone) => {
    let offset = 0;
    try {
      offset = zoneOffsetMin(zone, now);
    } catch {
      // A name the runtime does not know stays, at UTC.
    }
    return { zone, offset };
  });
  const order = (a: { zone: string; offset: number }, b: { zone: string; offset: number }) => a.offset - b.offset || a.zone.localeCompare(b.zone);
  return {
    east: withOffset.filter((z) => z.offset >= 0).sort(order),
    west: withOffset.filter((z) => z.offset < 0).sort((a, b) => -order(a, b)),
  };
}

/**
 * An IANA time zone picker (searchable, clearable: empty means "found elsewhere", sent as null), grouped by the
 * zone dictionary (`sl_zone`, spec §3: east, west) and showing each zone's offset. The list is built when it is
 * first opened: the offsets of some 400 zones take the runtime a moment, and a closed picker shows one.
 */
export function TimeZoneSelect({ value, onChange, onOpenChange, ...rest }: Omit<SelectProps<string | null>, 'options' | 'showSearch'>) {
  const { labelOf } = useDict('sl_zone');
  const [opened, setOpened] = useState(false);
  const options = useMemo(() => {
    const list = opened ? zones() : [];
    if (value && !list.includes(value)) list.unshift(value);
    const sides = zonesBySide(list);
    return (['east', 'west'] as const)
      .filter((side) => sides[side].length)
      .map((side) => ({
        label: <span data-zone-side={side}>{labelOf(side)}</span>,
        title: side,
        options: sides[side].map(({ zone, offset }) => ({ value: zone, label: `${zone} (${utc(offset)})` })),
      }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labelOf changes with the dictionary's labels, read through it
  }, [opened, value, labelOf('east'), labelOf('west')]);
  return (
    <Select<string | null>
      {...rest}
      value={value ?? undefined}
      onChange={(v, o) => onChange?.(v ?? null, o)}
      onOpenChange={(open) => {
        if (open) setOpened(true);
        onOpenChange?.(open);
      }}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
    />
  );
}
