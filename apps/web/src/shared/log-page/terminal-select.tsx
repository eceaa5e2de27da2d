import { useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TerminalPick } from '@sl/contracts';
import { http } from '../request';

/** Loads at most 20 terminals matching the keyword; the default searches every terminal in scope. */
export type TerminalSource = (keyword: string) => Promise<TerminalPick[]>;

export const searchTerminals: TerminalSource = (keyword) => http.get<TerminalPick[]>('/api/v1/terminal/query', keyword ? { keyword } : {});

type Props = Omit<SelectProps<number>, 'options' | 'onSearch' | 'showSearch' | 'filterOption'> & { source?: TerminalSource; sourceKey?: string };

/** A terminal picker that searches on the server by serial number or name. */
export function TerminalSelect({ source = searchTerminals, sourceKey = 'all', ...props }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const picks = useQuery({ queryKey: ['terminal-picks', sourceKey, keyword], queryFn: () => source(keyword.trim()), staleTime: 10_000 });
  return (
    <Select<number>
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      placeholder={t('logPage.terminalPlaceholder')}
      aria-label={t('logPage.terminal')}
      loading={picks.isFetching}
      notFoundContent={picks.isFetching ? t('logPage.loading') : t('common.empty')}
      options={(picks.data ?? []).map((p) => ({ value: p.terminalId, label: `${p.name || p.sn} (${p.sn})` }))}
      style={{ minWidth: 240 }}
      {...props}
    />
  );
}
