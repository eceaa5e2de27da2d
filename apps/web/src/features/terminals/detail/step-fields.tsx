import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { programStep } from '@sl/contracts';
import { zodRule } from '../../../shared/form/zod-rule';

/** One program step (time or sunset/sunrise, on/off/dim, level) under `prefix` in the form. */
export function StepFields({ prefix }: { prefix: (string | number)[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name={[...prefix, 'at']} label={t('detail.cmd.at')} rules={[zodRule(programStep.shape.at, t('detail.cmd.at'))]}>
        <Input placeholder="18:30" style={{ width: 140 }} data-testid="step-at" />
      </Form.Item>
      <Form.Item name={[...prefix, 'action']} label={t('detail.cmd.action')} rules={[zodRule(programStep.shape.action, t('detail.cmd.action'))]}>
        <Select style={{ width: 120 }} options={(['on', 'off', 'dim'] as const).map((a) => ({ value: a, label: t(`terminal.action.${a}`) }))} data-testid="step-action" />
      </Form.Item>
      <Form.Item name={[...prefix, 'level']} label={t('detail.cmd.level')}>
        <InputNumber min={0} max={100} style={{ width: 90 }} data-testid="step-level" />
      </Form.Item>
    </>
  );
}
