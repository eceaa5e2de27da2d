import { Select, type SelectProps } from 'antd';
import { useDict } from './use-dict';

type DictSelectProps = Omit<SelectProps<string>, 'options'> & {
  type: string;
  /** Used while the dictionary has no values (endpoint missing or type empty). */
  fallback?: { value: string; label: string }[];
  'data-testid'?: string;
};

/** A Select over the values of dictionary `type`. */
export function DictSelect({ type, fallback = [], ...props }: DictSelectProps) {
  const { items, isLoading } = useDict(type);
  const options = items.length ? items.map(({ value, label }) => ({ value, label })) : fallback;
  return <Select<string> allowClear loading={isLoading} options={options} style={{ minWidth: 120 }} {...props} />;
}
