import { Button, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SetKind } from '@sl/contracts';
import { TerminalPicker } from '../../../shared/terminal-picker/terminal-picker';
import { policiesQuery } from '../api/control-api';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** The form fields of each kind of set (besides name and remark). */
export function SetFields({ kind }: { kind: SetKind }) {
  const { t } = useTranslation();
  const policies = useQuery({ ...policiesQuery({ pageIndex: 1, pageSize: 500 }), enabled: kind === 'strategy' });
  if (kind === 'strategy')
    return (
      <>
        <Form.Item name="policyId" label={t('control.policy')} rules={[{ required: true, message: t('control.policyRequired') }]}>
          <Select showSearch optionFilterProp="label" loading={policies.isLoading} options={(policies.data?.list ?? []).map((p) => ({ value: p.id, label: p.name }))} data-testid="field-policy" />
        </Form.Item>
        <Form.Item name="isDefault" label={t('control.isDefault')} valuePropName="checked"><Switch /></Form.Item>
      </>
    );
  if (kind === 'electricity')
    return (
      <>
        <Form.Item name="currency" label={t('control.currency')}><Input style={{ width: 120 }} /></Form.Item>
        <Form.List name="periods" rules={[{ validator: async (_, v) => { if (!v?.length) throw new Error(t('control.periodsRequired')); } }]}>
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="start">
                  <Form.Item name={[f.name, 'from']} rules={[{ required: true, pattern: TIME, message: t('control.timeFormat') }]}><Input addonBefore={t('control.from')} placeholder="HH:mm" style={{ width: 150 }} /></Form.Item>
                  <Form.Item name={[f.name, 'to']} rules={[{ required: true, pattern: TIME, message: t('control.timeFormat') }]}><Input addonBefore={t('control.to')} placeholder="HH:mm" style={{ width: 150 }} /></Form.Item>
                  <Form.Item name={[f.name, 'price']} rules={[{ required: true, type: 'number', min: 0, max: 100, message: t('control.priceRange') }]}><InputNumber addonAfter={t('control.perKwh')} step={0.01} style={{ width: 170 }} /></Form.Item>
                  <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={t('common.delete')} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ from: '', to: '', price: 0.5 })}>{t('control.addPeriod')}</Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </>
    );
  const members = (
    <Form.Item name="terminalIds" label={t('control.terminals')}>
      <TerminalPicker />
    </Form.Item>
  );
  if (kind === 'area') return members;
  return (
    <>
      <Form.Item name="unit" label={t('control.unit')} rules={[{ required: true, whitespace: true, message: t('control.unitRequired') }, { max: 128 }]}><Input /></Form.Item>
      <Space wrap>
        <Form.Item name="contact" label={t('control.contact')} rules={[{ max: 64 }]}><Input /></Form.Item>
        <Form.Item name="phone" label={t('control.phone')} rules={[{ pattern: /^(\+?\d[\d -]{5,19})?$/, message: t('control.phoneFormat') }]}><Input /></Form.Item>
        <Form.Item name="intervalDays" label={t('control.intervalDays')} rules={[{ required: true, type: 'number', min: 1, max: 3650, message: t('control.intervalRange') }]}><InputNumber addonAfter={t('control.days')} /></Form.Item>
      </Space>
      {members}
    </>
  );
}
