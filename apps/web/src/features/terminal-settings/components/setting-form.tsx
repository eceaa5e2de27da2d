import { Button, Col, Form, InputNumber, Input, Row, Select, Space, Switch, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../shared/form/zod-rule';
import { usePermission } from '../../../shared/permission/access';
import { TaskList, useConfirmedSend, useTaskFollower } from '../../../shared/task';
import { sendSetting, useCurrentSetting, type PickedTerminal } from '../api/settings';
import type { SettingField, SettingKindSpec } from './setting-kinds';

/** Form.Item hands `value`/`checked` and `onChange` to its child: they are passed on to the control. */
function FieldInput({ field, ...control }: { field: SettingField } & Record<string, unknown>) {
  const { t } = useTranslation();
  const testId = `setting-${field.name}`;
  if (field.kind === 'switch') return <Switch {...control} data-testid={testId} />;
  if (field.kind === 'mode') return <Select {...control} style={{ width: 160 }} options={(['manual', 'auto'] as const).map((m) => ({ value: m, label: t(`terminal.controlMode.${m}`) }))} data-testid={testId} />;
  if (field.kind === 'text') return <Input {...control} style={{ width: 180 }} data-testid={testId} />;
  return <InputNumber {...control} style={{ width: 180 }} min={field.min} max={field.max} step={field.step} addonAfter={field.unit || undefined} data-testid={testId} />;
}

/** One kind's form: each field with its unit and the terminal's current (last confirmed) value beside it. */
export function SettingForm({ spec, terminal }: { spec: SettingKindSpec; terminal: PickedTerminal }) {
  const { t, i18n } = useTranslation();
  const can = usePermission();
  const client = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [confirm, passwordDialog] = useConfirmedSend();
  const current = useCurrentSetting(spec.kind, terminal.family, terminal.terminalId);
  const follower = useTaskFollower(() => void client.invalidateQueries({ queryKey: ['terminal-settings'] }));
  const label = (name: string) => t(`setting.field.${name}`);
  const shown = (name: string) => {
    const params = current.data?.params;
    const value = params ? (spec.read ? spec.read(params, name) : params[name]) : undefined;
    if (value === undefined || value === null) return '—';
    if (typeof value === 'boolean') return value ? t('setting.yes') : t('setting.no');
    if (typeof value === 'number') return new Intl.NumberFormat(i18n.language).format(value);
    return String(value);
  };
  const send = async (title: string, url: string, body: object) => {
    if (!(await confirm({ title: t('setting.confirm', { what: title, name: terminal.name }), passwordCheck: spec.switches }))) return;
    await follower.run(title, terminal.terminalId, () => sendSetting(url, body));
  };
  const kindTitle = t(`setting.kind.${spec.kind}`);
  const allowed = can([spec.permission]);
  return (
    <div data-testid={`setting-form-${spec.kind.replace('/', '-')}`}>
      <Form form={form} layout="vertical" onFinish={(v) => void send(kindTitle, spec.url(terminal.family), spec.body(terminal.terminalId, v))}>
        {spec.fields.length > 0 && (
          <Row style={{ marginBottom: 8 }}>
            <Col span={14}><Typography.Text type="secondary">{t('setting.newValue')}</Typography.Text></Col>
            <Col span={10}><Typography.Text type="secondary">{t('setting.currentValue')}</Typography.Text></Col>
          </Row>
        )}
        {spec.fields.map((f) => (
          <Row key={f.name} align="bottom">
            <Col span={14}>
              <Form.Item name={f.name} label={`${label(f.name)}${f.unit ? ` (${f.unit})` : ''}`} valuePropName={f.kind === 'switch' ? 'checked' : 'value'} rules={f.kind === 'switch' ? [] : [zodRule(f.schema, label(f.name))]}>
                <FieldInput field={f} />
              </Form.Item>
            </Col>
            <Col span={10} style={{ paddingBottom: 30, paddingLeft: 12 }}>
              <Typography.Text strong data-testid={`current-${f.name}`}>{shown(f.name)}</Typography.Text>
              {f.unit && shown(f.name) !== '—' ? ` ${f.unit}` : ''}
            </Col>
          </Row>
        ))}
        {allowed && (
          <Space wrap>
            <Button type="primary" htmlType="submit" data-testid="setting-send">{spec.kind === 'elec' ? t('setting.query') : t('task.send')}</Button>
            {spec.kind === 'alarm' && terminal.family === 'rdc4m' && (
              <Button onClick={() => void send(t('setting.alarmReset'), '/api/v1/set/alarm/rdc4m/reset', { terminalId: terminal.terminalId })} data-testid="setting-alarm-reset">{t('setting.alarmReset')}</Button>
            )}
            {spec.kind === 'manauto' && (
              <Button onClick={() => void send(t('setting.recover'), `/api/v1/${terminal.family}/send/set/manauto/recover`, { terminalId: terminal.terminalId })} data-testid="setting-recover">{t('setting.recover')}</Button>
            )}
          </Space>
        )}
      </Form>
      {spec.kind === 'elec' && current.data?.replyData ? <Typography.Paragraph code data-testid="elec-reply">{JSON.stringify(current.data.replyData)}</Typography.Paragraph> : null}
      <TaskList tasks={follower.tasks} />
      {passwordDialog}
    </div>
  );
}
