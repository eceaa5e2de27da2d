import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DictOption, ListClass } from '@sl/contracts';
import { http } from '../request';

export interface DictItem {
  value: string;
  label: string;
  listClass: ListClass;
  isDefault: boolean;
}

/** A missing endpoint or type yields no options, silently: dictionaries are decoration, not data. */
export const getDict = (type: string) =>
  http.get<DictOption[]>(`/api/v1/dict/databytype/${encodeURIComponent(type)}`, undefined, { silent: true }).catch(() => [] as DictOption[]);

export const dictQuery = (type: string) =>
  queryOptions({ queryKey: ['dict', type], queryFn: () => getDict(type), staleTime: 5 * 60_000 });

export const toDictItems = (rows: readonly DictOption[], locale: string): DictItem[] =>
  rows.map((r) => ({
    value: r.dictValue,
    label: (locale === 'en-US' && r.dictLabelEn) || r.dictLabel,
    listClass: r.listClass,
    isDefault: r.isDefault === 'Y',
  }));

/** Options of a dictionary type, labelled in the current language. */
export function useDict(type: string) {
  const { i18n } = useTranslation();
  const { data = [], isLoading } = useQuery(dictQuery(type));
  const items = toDictItems(data ?? [], i18n.language);
  return { items, isLoading, labelOf: (value: string) => items.find((i) => i.value === value)?.label ?? value };
}
