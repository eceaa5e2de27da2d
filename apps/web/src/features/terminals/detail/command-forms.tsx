import { Button, Collapse, Form, Input, InputNumber, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/permission/access';
import { COMMANDS, type CommandKey } from './command-requests';
import { StepFields } from './step-fields';

type Send = (key: CommandKey, values?: Record<string, unknown>) => void;

const stepOf = (v: Record<string, unknown>) => {
  const s = (v.step ?? {}) as { at?: string; action?: string; level?: number };
  return { at: s.at, action: s.action, ...(s.action === 'dim' ? { level: s.level ?? 0 } : {}) };
};

function CommandForm({ name, onSend, children, extra }: { name: CommandKey; onSend: Send; children: React.ReactNode; extra?: (v: Record<string, unknown>) => Record<string, unknown> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  return (
    <Form form={form} layout="inline" onFinish={(v) => onSend(name, extra ? extra(v) : v)} style={{ rowGap: 8 }} data-testid={`form-${name}`}>
      {children}
      <Form.Item>
        <Button htmlType="submit" data-testid={`cmd-${name}`}>{t(`detail.cmd.${name}`)}</Button>
      </Form.Item>
    </Form>
  );
}

/** Commands that need parameters: heartbeat interval, parameter set, local control steps, program download. */
export function CommandForms({ onSend }: { onSend: Send }) {
  const { t } = useTranslation();
  const can = usePermission();
  const required = (label: string) => [{ required: true, whitespace: true, message: t('detail.cmd.fieldRequired', { label }) }];
  const idItem = <Form.Item name="id" label={t('detail.cmd.localId')} rules={required(t('detail.cmd.localId'))}><Input style={{ width: 120 }} maxLength={64} data-testid="local-id" /></Form.Item>;
  const items = [
    {
      key: 'heart',
      permission: COMMANDS.heartInterval.permission,
      label: t('detail.cmd.heartInterval'),
      children: (
        <CommandForm name="heartInterval" onSend={onSend}>
          <Form.Item name="intervalS" label={t('detail.cmd.intervalS')} rules={[{ required: true, type: 'integer', min: 10, max: 3600, message: t('detail.cmd.intervalRange') }]}>
            <InputNumber min={10} max={3600} style={{ width: 140 }} data-testid="heart-interval" />
          </Form.Item>
        </CommandForm>
      ),
    },
    {
      key: 'param',
      permission: COMMANDS.paramSet.permission,
      label: t('detail.cmd.paramSet'),
      children: (
        <CommandForm name="paramSet" onSend={onSend}>
          <Form.Item name="name" label={t('detail.cmd.paramName')} rules={required(t('detail.cmd.paramName'))}><Input style={{ width: 160 }} maxLength={64} data-testid="param-name" /></Form.Item>
          <Form.Item name="value" label={t('detail.cmd.paramValue')} rules={required(t('detail.cmd.paramValue'))}><Input style={{ width: 160 }} maxLength={255} data-testid="param-value" /></Form.Item>
        </CommandForm>
      ),
    },
    {
      key: 'local',
      permission: COMMANDS.localAdd.permission,
      label: t('detail.cmd.local'),
      children: (
        <Space direction="vertical" style={{ width: '100%' }}>
          <CommandForm name="localAdd" onSend={onSend} extra={(v) => ({ id: v.id, step: stepOf(v) })}>
            {idItem}
            <StepFields prefix={['step']} />
          </CommandForm>
          <CommandForm name="localUpdate" onSend={onSend} extra={(v) => ({ id: v.id, step: stepOf(v) })}>
            {idItem}
            <StepFields prefix={['step']} />
          </CommandForm>
          <CommandForm name="localDelete" onSend={onSend}>{idItem}</CommandForm>
          <CommandForm name="localStatus" onSend={onSend} extra={(v) => ({ id: v.id, enabled: v.enabled === true })}>
            {idItem}
            <Form.Item name="enabled" valuePropName="checked" initialValue={true}><Switch checkedChildren={t('detail.cmd.localEnable')} unCheckedChildren={t('detail.cmd.localDisable')} /></Form.Item>
          </CommandForm>
        </Space>
      ),
    },
    {
      key: 'plan',
      permission: COMMANDS.planBind.permission,
      label: t('detail.cmd.planBind'),
      children: (
        <CommandForm name="planBind" onSend={onSend} extra={(v) => ({ planId: v.planId, program: [stepOf({ step: v.on }), stepOf({ step: v.off })] })}>
          <Form.Item name="planId" label="ID" rules={required('ID')}><Input style={{ width: 120 }} maxLength={64} /></Form.Item>
          <StepFields prefix={['on']} />
          <StepFields prefix={['off']} />
        </CommandForm>
      ),
    },
  ];
  const allowed = items.filter((i) => can([i.permission])).map(({ key, label, children }) => ({ key, label, children }));
  return allowed.length ? <Collapse size="small" items={allowed} data-testid="command-forms" /> : null;
}
