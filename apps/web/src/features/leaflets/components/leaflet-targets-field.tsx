import { Form, Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TerminalPicker } from '../../../shared/terminal-picker/terminal-picker';
import { areaOptionsQuery } from '../api/leaflets-api';

/** Terminals picked on the server (any fleet size), or the area sets of the control pages. */
export function LeafletTargetsField() {
  const { t } = useTranslation();
  const areas = useQuery(areaOptionsQuery());
  return (
    <>
      <Form.Item name="groupMode" label={t('leaflet.groupMode')}>
        <Radio.Group options={[{ value: 1, label: t('leaflet.byTerminal') }, { value: 2, label: t('leaflet.byArea') }]} data-testid="field-group-mode" />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.groupMode !== b.groupMode}>
        {({ getFieldValue }) => (
          <Form.Item name="targetIds" label={t('leaflet.targets')} rules={[{ required: true, type: 'array', min: 1, message: t('leaflet.targetsRequired') }]}>
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
