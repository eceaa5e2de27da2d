import { useState } from 'react';
import { InputNumber, Select, Space } from 'antd';
import { useDict } from '../dict';

/** Which dictionary names the halves of the globe a coordinate is in (spec §3: longitude east/west, latitude north/south). */
export const HEMISPHERES = {
  lng: { dictType: 'sl_longitude', positive: 'east', negative: 'west', max: 180 },
  lat: { dictType: 'sl_latitude', positive: 'north', negative: 'south', max: 90 },
} as const;

interface Props {
  axis: keyof typeof HEMISPHERES;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** Given by Form.Item: the degrees take it, so the field's label points at them. */
  id?: string;
  'data-testid'?: string;
  'aria-label'?: string;
}

/** A signed coordinate as its hemisphere (options from the dictionary) and degrees: west and south are negative. */
export function HemisphereInput({ axis, value, onChange, id, 'data-testid': testId, 'aria-label': label }: Props) {
  const h = HEMISPHERES[axis];
  const { items, labelOf } = useDict(h.dictType);
  const [picked, setPicked] = useState<string>(h.positive);
  const side = value === null || value === undefined || value === 0 ? picked : value < 0 ? h.negative : h.positive;
  const degrees = value === null || value === undefined ? null : Math.abs(value);
  const emit = (s: string, d: number | null) => onChange?.(d === null ? null : s === h.negative ? -d : d);
  const options = (items.length ? items.map((i) => i.value) : [h.positive, h.negative]).map((v) => ({ value: v, label: labelOf(v) }));
  return (
    <Space.Compact style={{ width: '100%' }} data-testid={testId}>
      <Select<string>
        style={{ width: 96, flex: 'none' }}
        value={side}
        options={options}
        aria-label={label}
        data-testid={testId && `${testId}-hemisphere`}
        onChange={(s) => {
          setPicked(s);
          emit(s, degrees);
        }}
      />
      <InputNumber<number>
        id={id}
        style={{ width: '100%' }}
        min={0}
        max={h.max}
        value={degrees}
        aria-label={label}
        data-testid={testId && `${testId}-degrees`}
        onChange={(d) => emit(side, d)}
      />
    </Space.Compact>
  );
}
