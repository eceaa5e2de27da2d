import { Col, Form, Input, InputNumber, Row, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { terminalInput } from '@sl/contracts';
import { zodRule } from '../../../shared/form/zod-rule';
import { TimeZoneSelect } from '../../../shared/form/time-zone-select';
import { HemisphereInput } from '../../../shared/form/hemisphere-input';
import { toDeptNodes, useDeptTree } from '../../../shared/org/dept-tree';
import { useEnterpriseOptions } from '../api/terminals';
import { terminalOptions } from './terminal-options';

const shape = terminalInput.shape;
const fieldLabel = (name: string) => (name === 'deptId' ? 'dept' : name === 'enterpriseId' ? 'enterprise' : name);

export function TerminalFormFields({ isNew }: { isNew: boolean }) {
  const { t } = useTranslation();
  const depts = useDeptTree().data ?? [];
  const o = terminalOptions();
  const enterprises = (useEnterpriseOptions().data ?? []).map((e) => ({ value: e.enterpriseId, label: e.name }));
  const item = (name: keyof typeof shape, node: React.ReactNode, required = false) => (
    <Col span={12}>
      <Form.Item name={name} label={t(`terminal.${fieldLabel(name)}`)} required={required} rules={[zodRule(shape[name], t(`terminal.${fieldLabel(name)}`))]}>
        {node}
      </Form.Item>
    </Col>
  );
  return (
    <Row gutter={16}>
      {item('sn', <Input data-testid="field-sn" disabled={!isNew} />, true)}
      {item('name', <Input data-testid="field-name" />, true)}
      {item('family', <Select options={o.family} data-testid="field-family" />, true)}
      {item('model', <Select options={o.model} data-testid="field-model" />, true)}
      {item('deptId', <TreeSelect data-testid="field-deptId" treeData={toDeptNodes(depts)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />, true)}
      {item('enterpriseId', <Select allowClear showSearch optionFilterProp="label" options={enterprises} data-testid="field-enterpriseId" />)}
      {item('manufacturer', <Select options={o.manufacturer} data-testid="field-manufacturer" />)}
      {item('imsi', <Input data-testid="field-imsi" />)}
      {item('area', <Input data-testid="field-area" />)}
      {item('lng', <HemisphereInput axis="lng" aria-label={t('terminal.lng')} data-testid="field-lng" />)}
      {item('lat', <HemisphereInput axis="lat" aria-label={t('terminal.lat')} data-testid="field-lat" />)}
      {item('phases', <InputNumber style={{ width: '100%' }} min={1} max={3} data-testid="field-phases" />)}
      {item('loops', <InputNumber style={{ width: '100%' }} min={0} max={16} data-testid="field-loops" />)}
      {item('ratedPowerW', <InputNumber style={{ width: '100%' }} min={1} max={1_000_000} placeholder={t('terminal.ratedPowerHint')} data-testid="field-ratedPowerW" />)}
      {item('timeZone', <TimeZoneSelect placeholder={t('terminal.timeZoneHint')} data-testid="field-timeZone" />)}
      {isNew && item('status', <Select options={o.editableStatus} data-testid="field-status" />)}
      {item('address', <Input data-testid="field-address" />)}
      {item('remark', <Input data-testid="field-remark" />)}
    </Row>
  );
}
