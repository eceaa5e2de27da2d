import { Form, Radio, Select } from 'antd';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SetRow } from '@sl/contracts';
import { http } from '../request';
import { TerminalPicker } from './terminal-picker';

/** The area sets with their terminal counts (also what a confirmation counts an area choice by). */
export const areaSetsQuery = () => queryOptions({ queryKey: ['area-sets', 'options'], queryFn: () => http.get<SetRow[]>('/api/v1/area/set/data') });

/** The label keys of the field in the feature that uses it. */
export interface TargetsFieldLabels {
  groupMode: string;
  byTerminal: string;
  byArea: string;
  targets: string;
  targetsRequired: string;
}

/** Group mode (§3: 1 by terminal, 2 by area) and its targets: terminals picked on the server (any fleet size), or area sets. */
export function TargetsField({ labels }: { labels: TargetsFieldLabels }) {
  const { t } = useTranslation();
  const areas = useQuery(areaSetsQuery());
  return (
    <>
      <Form.Item name="groupMode" label={t(labels.groupMode)}>
        <Radio.Group options={[{ value: 1, label: t(labels.byTerminal) }, { value: 2, label: t(labels.byArea) }]} data-testid="field-group-mode" />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.groupMode !== b.groupMode}>
        {({ getFieldValue }) => (
          <Form.Item name="targetIds" label={t(labels.targets)} rules={[{ required: true, type: 'array', min: 1, message: t(labels.targetsRequired) }]}>
            {getFieldValue('groupMode') === 2 ? (
              <Select mode="multiple" loading={areas.isLoading} options={(areas.data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.terminalCount})` }))} data-testid="field-areas" />
            ) : (
              <TerminalPicker />
            )}
          </Form.Item>
        )}
      </Form.Item>
    </>
  );
}
