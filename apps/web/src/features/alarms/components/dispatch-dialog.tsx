import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/form/form-dialog';
import { getAssignees, getMaintenanceUnits, useDispatch } from '../api/alarms';

interface Values {
  assigneeId: number;
  priority: number;
  dueAt?: Dayjs;
  instruction?: string;
}

/** Create one work order for the selected alarms: a maintenance person with a phone, priority, due time. */
export function DispatchDialog({ alarmIds, onClose }: { alarmIds: number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const open = alarmIds.length > 0;
  const assignees = useQuery({ queryKey: ['assignees', alarmIds], queryFn: () => getAssignees(alarmIds), enabled: open });
  const units = useQuery({ queryKey: ['maintenance-units', alarmIds], queryFn: () => getMaintenanceUnits(alarmIds), enabled: open });
  const dispatch = useDispatch();
  const submit = (v: Values) =>
    dispatch.mutate(
      { alarmIds, assigneeId: v.assigneeId, priority: v.priority, dueAt: v.dueAt?.toISOString() ?? null, instruction: v.instruction?.trim() ?? '' },
      { onSuccess: onClose },
    );
  const options = (assignees.data ?? []).map((u) => ({ value: u.userId, label: `${u.nickName} · ${u.phone} · ${u.deptName}` }));
  return (
    <FormDialog<Values> form={form} title={t('alarm.dispatchTitle', { n: alarmIds.length })} open={open} saving={dispatch.isPending} permission="alarm:alarm:dispatch" initialValues={{ priority: 2 }} onClose={onClose} onSubmit={submit} width={520}>
      {!!units.data?.length && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} data-testid="dispatch-units" message={t('alarm.maintenanceUnits')}
          description={units.data.map((u) => <div key={u.id}>{t('alarm.maintenanceUnit', { ...u, by: t(`alarm.maintenanceBy.${u.by}`) })}</div>)} />
      )}
      <Form.Item name="assigneeId" label={t('alarm.assignee')} rules={[{ required: true, message: t('alarm.assigneeRequired') }]} extra={t('alarm.assigneeHint')}>
        <Select options={options} loading={assignees.isLoading} showSearch optionFilterProp="label" placeholder={t('common.pleaseSelect')} data-testid="dispatch-assignee" notFoundContent={t('alarm.noAssignee')} />
      </Form.Item>
      <Form.Item name="priority" label={t('order.priority')}>
        <Select options={[1, 2, 3].map((p) => ({ value: p, label: t(`order.priority.${p}`) }))} data-testid="dispatch-priority" />
      </Form.Item>
      <Form.Item name="dueAt" label={t('order.dueAt')}>
        <DatePicker showTime style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="instruction" label={t('order.instruction')} rules={[{ max: 500, message: t('order.tooLong', { n: 500 }) }]}>
        <Input.TextArea rows={3} maxLength={500} showCount data-testid="dispatch-instruction" />
      </Form.Item>
    </FormDialog>
  );
}
