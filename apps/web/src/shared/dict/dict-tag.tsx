import { Tag } from 'antd';
import type { ListClass } from '@sl/contracts';
import { useDict } from './use-dict';

const COLORS: Record<ListClass, string | undefined> = {
  default: undefined,
  primary: 'blue',
  success: 'green',
  info: 'cyan',
  warning: 'orange',
  danger: 'red',
  processing: 'processing',
};

/** The label of `value` in dictionary `type`, coloured by its listClass; the raw value when unknown. */
export function DictTag({ type, value }: { type: string; value: string | null | undefined }) {
  const { items } = useDict(type);
  if (value === null || value === undefined || value === '') return null;
  const item = items.find((i) => i.value === String(value));
  return <Tag color={item ? COLORS[item.listClass] : undefined}>{item?.label ?? value}</Tag>;
}
