import { DatePicker, Form, Input, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { DayStart, PlanRow } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
import { feedback } from '../../../shared/request';
import { policyOptionsQuery, useSavePlan } from '../api/plans-api';
import { TargetsField } from '../../../shared/terminal-picker/targets-field';
import { PLAN_TARGET_LABELS } from './plan-target-labels';
import { fromRules, PlanRulesField, toRules, type RuleValues } from './plan-rules-field';

interface Values {
  name: string;
  policyId: number;
  groupMode: 1 | 2;
  targetIds: number[];
  range: [Dayjs, Dayjs];
  timeZone: string;
  remark?: string;
  rules?: RuleValues[];
  dayStart: DayStart;
}

const NEW: Partial<Values> = { groupMode: 1, targetIds: [], timeZone: 'Asia/Shanghai', rules: [], dayStart: 'midnight' };

/** A plan, new or changed: a policy on terminals or areas for a date range. */
export function PlanDialog({ open, row, onClose }: { open: boolean; row: PlanRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const policies = useQuery(policyOptionsQuery());
  const add = useSavePlan();
  const policyOptions = (policies.data?.list ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.family})` }));
  const submit = (v: Values) =>
    add.mutate({ id: row?.id, name: v.name, policyId: v.policyId, groupMode: v.groupMode, targetIds: v.targetIds, startDate: v.range[0].format('YYYY-MM-DD'), endDate: v.range[1].format('YYYY-MM-DD'), timeZone: v.timeZone, remark: v.remark ?? '', rules: toRules(v.rules), dayStart: v.dayStart }, {
      onSuccess: () => {
        feedback.message().success(t('plans.saved'));
        onClose();
      },
    });
  return (
    <FormDialog<Values> form={form} title={t(row ? 'plans.edit' : 'plans.add')} open={open} saving={add.isPending} permission={row ? 'plan:plan:edit' : 'plan:plan:add'} onClose={onClose} onSubmit={submit} width={1000}
      initialValues={row ? { ...row, rules: fromRules(row.rules), range: [dayjs(row.startDate), dayjs(row.endDate)] } : { ...NEW, range: [dayjs(), dayjs().add(30, 'day')] }}>
      <Form.Item name="name" label={t('plans.name')} rules={[{ required: true, whitespace: true, message: t('plans.nameRequired') }, { max: 64 }]}><Input data-testid="field-name" /></Form.Item>
      <Form.Item name="policyId" label={t('plans.policy')} rules={[{ required: true, message: t('plans.policyRequired') }]}>
        <Select showSearch optionFilterProp="label" loading={policies.isLoading} options={policyOptions} data-testid="field-policy"
          onChange={(id: number) => {
            // A "today" policy starts a new plan as one day (its program runs on every day of the dates chosen).
            if (!row && policies.data?.list.find((p) => p.id === id)?.openMode === 1) form.setFieldValue('range', [dayjs(), dayjs()]);
          }} />
      </Form.Item>
      <Form.Item name="range" label={t('plans.dates')} rules={[{ required: true, message: t('plans.datesRequired') }]}><DatePicker.RangePicker data-testid="field-range" /></Form.Item>
      <Form.Item name="timeZone" label={t('plans.timeZone')} extra={t('plans.timeZoneHint')} rules={[{ required: true }]}><Input style={{ width: 240 }} /></Form.Item>
      <TargetsField labels={PLAN_TARGET_LABELS} />
      <PlanRulesField policies={policyOptions} />
      <Form.Item name="remark" label={t('common.remark')} rules={[{ max: 255 }]}><Input.TextArea rows={2} /></Form.Item>
    </FormDialog>
  );
}
