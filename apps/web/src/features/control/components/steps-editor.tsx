import { Button, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CLOCK_TIME as CLOCK } from '@sl/contracts';

const WHEN = ['sunset', 'sunrise', 'dusk', 'dawn', 'time'] as const;

/** A solar step's optional clamps: it fires no earlier than "not before" and no later than "not after" (local time). */
function SolarClamps({ name, i }: { name: number; i: number }) {
  const { t } = useTranslation();
  return (
    <Space align="start">
      <Form.Item name={[name, 'notBefore']} rules={[{ pattern: CLOCK, message: t('control.timeFormat') }]}>
        <Input addonBefore={t('control.notBefore')} placeholder="HH:mm" allowClear style={{ width: 170 }} aria-label={t('control.notBefore')} data-testid={`step-${i}-not-before`} />
      </Form.Item>
      <Form.Item
        name={[name, 'notAfter']}
        dependencies={[['steps', name, 'notBefore']]}
        rules={[
          { pattern: CLOCK, message: t('control.timeFormat') },
          ({ getFieldValue }) => ({
            validator: async (_, v?: string) => {
              const before: string | undefined = getFieldValue(['steps', name, 'notBefore']);
              if (v && before && CLOCK.test(v) && CLOCK.test(before) && before >= v) throw new Error(t('control.clampOrder'));
            },
          }),
        ]}
      >
        <Input addonBefore={t('control.notAfter')} placeholder="HH:mm" allowClear style={{ width: 170 }} aria-label={t('control.notAfter')} data-testid={`step-${i}-not-after`} />
      </Form.Item>
    </Space>
  );
}
const ACTIONS = ['on', 'dim', 'off'] as const;

/** The program's steps as editable rows (Form.List `steps`); loops only for cabinets. */
export function StepsEditor({ cabinet }: { cabinet: boolean }) {
  const { t } = useTranslation();
  const days = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: t(`control.day.${d}`) }));
  return (
    <Form.List name="steps" rules={[{ validator: async (_, v) => { if (!v?.length) throw new Error(t('control.stepsRequired')); } }]}>
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field, i) => (
            <Space key={field.key} align="start" wrap data-testid={`step-${i}`} style={{ display: 'flex', marginBottom: 4 }}>
              <span style={{ lineHeight: '32px', width: 20 }}>{i + 1}.</span>
              <Form.Item name={[field.name, 'when']} rules={[{ required: true, message: t('control.whenRequired') }]}>
                <Select style={{ width: 130 }} options={WHEN.map((w) => ({ value: w, label: t(`control.at.${w}`) }))} data-testid={`step-${i}-when`} />
              </Form.Item>
              <Form.Item noStyle shouldUpdate>
                {({ getFieldValue }) =>
                  getFieldValue(['steps', field.name, 'when']) === 'time' ? (
                    <Form.Item name={[field.name, 'time']} rules={[{ required: true, pattern: CLOCK, message: t('control.timeFormat') }]}>
                      <Input placeholder="HH:mm" style={{ width: 90 }} data-testid={`step-${i}-time`} />
                    </Form.Item>
                  ) : (
                    <Space align="start">
                      <Form.Item name={[field.name, 'offsetMin']} rules={[{ type: 'number', min: -240, max: 240, message: t('control.offsetRange') }]}>
                        <InputNumber addonAfter={t('control.minutes')} placeholder="±0" style={{ width: 140 }} data-testid={`step-${i}-offset`} />
                      </Form.Item>
                      <SolarClamps name={field.name} i={i} />
                    </Space>
                  )
                }
              </Form.Item>
              <Form.Item name={[field.name, 'action']} rules={[{ required: true, message: t('control.actionRequired') }]}>
                <Select style={{ width: 100 }} options={ACTIONS.map((a) => ({ value: a, label: t(`control.action.${a}`) }))} data-testid={`step-${i}-action`} />
              </Form.Item>
              <Form.Item noStyle shouldUpdate>
                {({ getFieldValue }) =>
                  getFieldValue(['steps', field.name, 'action']) !== 'off' && (
                    <Form.Item name={[field.name, 'level']} rules={[{ type: 'number', min: 0, max: 100, message: t('control.levelRange') }]}>
                      <InputNumber addonAfter="%" placeholder="100" style={{ width: 110 }} data-testid={`step-${i}-level`} />
                    </Form.Item>
                  )
                }
              </Form.Item>
              {cabinet && (
                <Form.Item name={[field.name, 'loops']}>
                  <Select mode="multiple" allowClear placeholder={t('control.allLoops')} style={{ minWidth: 140 }} options={Array.from({ length: 16 }, (_, k) => ({ value: k + 1, label: `${t('control.loop')} ${k + 1}` }))} />
                </Form.Item>
              )}
              <Form.Item name={[field.name, 'days']}>
                <Select mode="multiple" allowClear placeholder={t('control.everyDay')} style={{ minWidth: 150 }} options={days} />
              </Form.Item>
              <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('common.delete')} />
            </Space>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ when: 'time', action: 'on', level: 100 })} data-testid="step-add">{t('control.addStep')}</Button>
          <Form.ErrorList errors={errors} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>{t('control.clampHelp')}</Typography.Paragraph>
        </>
      )}
    </Form.List>
  );
}
