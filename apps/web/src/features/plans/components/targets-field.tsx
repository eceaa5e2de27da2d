import { Form, Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TerminalPicker } from '../../../shared/terminal-picker/terminal-picker';
import { areaOptionsQuery } from '../api/plans-api';

/** Group mode (§3: 1 by group, 2 by area) and its targets: terminals picked on the server, or area sets. */
export function TargetsField() {
  const { t } = useTranslation();
  const areas = useQuery(areaOptionsQuery());
  return (
    <>
      <Form.Item name="groupMode" label={t('plans.groupMode')}>
        <Radio.Group options={[{ value: 1, label: t('plans.byGroup') }, { value: 2, label: t('plans.byArea') }]} data-testid="field-group-mode" />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.groupMode !== b.groupMode}>
        {({ getFieldValue }) => (
          <Form.Item name="targetIds" label={t('plans.targets')} rules={[{ required: true, type: 'array', min: 1, message: t('plans.targetsRequired') }]}>
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
