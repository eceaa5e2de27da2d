import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DRIVER_TYPES, lampTypeInput, type CloPoint, type LampType, type LampTypeInput } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
import { zodRule } from '../../../shared/form/zod-rule';
import { feedback } from '../../../shared/request';
import { useSaveLampType } from '../api/assets-api';

const f = lampTypeInput.shape;
const NUMBERS = [['ratedPowerW', f.ratedPowerW], ['tolerancePct', f.tolerancePct], ['ratedLifeH', f.ratedLifeH], ['maintenanceFactor', f.maintenanceFactor],
  ['debounceS', f.debounceS], ['cyclingPerHour', f.cyclingPerHour], ['absoluteMinW', f.absoluteMinW], ['absoluteMaxW', f.absoluteMaxW]] as const;
type Values = Omit<LampTypeInput, 'cloCurve'> & { clo?: string };

const cloText = (c: CloPoint[] = []) => c.map((p) => `${p.hours}:${p.levelPct}`).join('\n');
const cloPoints = (s = '') => s.split('\n').map((l) => l.trim()).filter(Boolean).map((l) => {
  const [hours, levelPct] = l.split(/[:：]/).map(Number);
  return { hours, levelPct };
});

export function LampTypeDialog({ open, row, onClose }: { open: boolean; row: LampType | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveLampType();
  const submit = ({ clo, ...values }: Values) =>
    save.mutate({ ...values, cloCurve: cloPoints(clo), lampTypeId: row?.lampTypeId }, {
      onSuccess: () => {
        feedback.message().success(t('asset.type.saved'));
        onClose();
      },
    });
  const initial: Partial<Values> = row ? { ...row, clo: cloText(row.cloCurve) } : { tolerancePct: 10, driverType: 'dali', maintenanceFactor: 0.8, debounceS: 300, cyclingPerHour: 6, absoluteMinW: null, absoluteMaxW: null };
  return (
    <FormDialog form={form} title={t(row ? 'asset.type.edit' : 'asset.type.add')} open={open} saving={save.isPending} permission={row ? 'asset:lamptype:edit' : 'asset:lamptype:add'}
      initialValues={initial} onClose={onClose} onSubmit={submit} width={760}>
      <Row gutter={16}>
        {(['manufacturer', 'model'] as const).map((name) => (
          <Col xs={24} md={12} key={name}>
            <Form.Item name={name} label={t(`asset.${name}`)} rules={[zodRule(f[name], t(`asset.${name}`))]}><Input data-testid={`field-${name}`} /></Form.Item>
          </Col>
        ))}
        {NUMBERS.map(([name, schema]) => (
          <Col xs={24} md={6} key={name}>
            <Form.Item name={name} label={t(`asset.${name}`)} rules={[zodRule(schema, t(`asset.${name}`))]}><InputNumber style={{ width: '100%' }} data-testid={`field-${name}`} /></Form.Item>
          </Col>
        ))}
        <Col xs={24} md={6}>
          <Form.Item name="driverType" label={t('asset.driverType')} rules={[zodRule(f.driverType, t('asset.driverType'))]}>
            <Select options={DRIVER_TYPES.map((d) => ({ value: d, label: d }))} data-testid="field-driverType" />
          </Form.Item>
        </Col>
        <Col xs={24} md={18}>
          <Form.Item name="clo" label={t('asset.cloCurve')} extra={t('asset.cloHint')}
            rules={[{ validator: async (_r, v?: string) => { const r = f.cloCurve.safeParse(cloPoints(v)); if (!r.success) throw new Error(r.error.issues[0].message); } }]}>
            <Input.TextArea rows={2} data-testid="field-clo" />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
