import { useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LeafletReceiver } from '@sl/contracts';
import { receiverOptionsQuery } from '../api/leaflets-api';

interface Props {
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** The receivers a leaflet already has, so their names show before any search. */
  known?: LeafletReceiver[];
}

/** Receivers searched on the server (active users of the caller's scope), however many users there are. */
export function ReceiversSelect({ value, onChange, known = [] }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({ ...receiverOptionsQuery(keyword), placeholderData: keepPreviousData });
  const options = new Map<number, string>(known.map((r) => [r.userId, r.nickName]));
  for (const u of found.data ?? []) options.set(u.userId, `${u.nickName}${u.deptName ? ` · ${u.deptName}` : ''}${u.phone ? ` · ${u.phone}` : ''}`);
  return (
    <Select
      mode="multiple"
      value={value}
      onChange={onChange}
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      loading={found.isFetching}
      placeholder={t('leaflet.receiverSearch')}
      options={[...options].map(([id, label]) => ({ value: id, label }))}
      data-testid="field-receivers"
    />
  );
}
