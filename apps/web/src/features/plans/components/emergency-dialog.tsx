import { DatePicker, Form, Input, InputNumber, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/form/form-dialog';
import { feedback } from '../../../shared/request';
import { emergencyReach, useAddEmergency } from '../api/plans-api';
import { TargetsField } from '../../../shared/terminal-picker/targets-field';
import { useConfirmedSend } from '../../../shared/task';
import { PLAN_TARGET_LABELS } from './plan-target-labels';

interface Values {
  name: string;
  action: 'on' | 'off' | 'dim';
  level: number;
  groupMode: 1 | 2;
  targetIds: number[];
  startAt?: Dayjs;
  durationMin: number;
  remark?: string;
}

/**
 * Raises an override: all lamps on at 100 % during a storm, for example, until it expires. Like switching a
 * cabinet, it asks for the password and a confirmation naming how many terminals and lamps it reaches, however few.
 */
export function EmergencyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const add = useAddEmergency();
  const [confirm, passwordDialog] = useConfirmedSend();
  const submit = async (v: Values) => {
    // The server counts what the targets reach now, in the caller's scope: terminals, and lamps from the register.
    const reach = await emergencyReach({ groupMode: v.groupMode, targetIds: v.targetIds }).catch(() => null);
    if (!reach) return;
    const title = t('plans.emergencyConfirm', { name: v.name, action: t(`plans.act.${v.action}`), count: reach.terminals, lamps: reach.lamps, min: v.durationMin });
    if (!(await confirm({ title, passwordCheck: true, danger: v.action === 'off' }))) return;
    add.mutate({ ...v, startAt: v.startAt?.valueOf(), remark: v.remark ?? '', level: v.action === 'off' ? 0 : v.level }, {
      onSuccess: () => {
        feedback.message().success(t('plans.emergencySaved'));
        onClose();
      },
    });
  };
  return (
    <>
      <FormDialog<Values> form={form} title={t('plans.addEmergency')} open={open} saving={add.isPending} permission="plan:emergency:add" onClose={onClose} onSubmit={(v) => void submit(v)} width={1000}
        initialValues={{ action: 'on', level: 100, groupMode: 1, targetIds: [], durationMin: 120 }}>
        <Form.Item name="name" label={t('plans.name')} rules={[{ required: true, whitespace: true, message: t('plans.nameRequired') }, { max: 64 }]}><Input data-testid="field-name" /></Form.Item>
        <Form.Item name="action" label={t('plans.action')}>
          <Select style={{ width: 160 }} options={(['on', 'dim', 'off'] as const).map((a) => ({ value: a, label: t(`plans.act.${a}`) }))} data-testid="field-action" />
        </Form.Item>
        <Form.Item name="level" label={t('plans.level')} rules={[{ type: 'number', min: 0, max: 100, message: t('plans.levelRange') }]}><InputNumber addonAfter="%" data-testid="field-level" /></Form.Item>
        <Form.Item name="startAt" label={t('plans.startAt')} extra={t('plans.startNow')}><DatePicker showTime /></Form.Item>
        <Form.Item name="durationMin" label={t('plans.duration')} rules={[{ required: true, type: 'number', min: 1, max: 10080, message: t('plans.durationRange') }]}>
          <InputNumber addonAfter={t('plans.minutes')} data-testid="field-duration" />
        </Form.Item>
        <TargetsField labels={PLAN_TARGET_LABELS} />
        <Form.Item name="remark" label={t('common.remark')} rules={[{ max: 255 }]}><Input.TextArea rows={2} /></Form.Item>
      </FormDialog>
      {passwordDialog}
    </>
  );
}
