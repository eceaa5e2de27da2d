import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmUpdateBody } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
import { zodRule } from '../../../shared/form/zod-rule';
import { useUpdateAlarm } from '../api/alarms';

interface Values {
  message: string;
}

/** `PUT /alarm/update`: changes an alarm's description; `alarm` null keeps the dialog closed. */
export function AlarmMessageDialog({ alarm, onClose }: { alarm: { alarmId: number; message: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useUpdateAlarm();
  const submit = (v: Values) =>
    update.mutate({ alarmId: alarm!.alarmId, message: v.message }, {
      onSuccess: () => {
        message.success(t('alarm.messageSaved'));
        onClose();
      },
    });
  return (
    <FormDialog<Values> form={form} open={alarm !== null} title={t('alarm.editMessageTitle', { id: alarm?.alarmId ?? '' })} permission="alarm:alarm:edit" saving={update.isPending} initialValues={{ message: alarm?.message ?? '' }} onClose={onClose} onSubmit={submit} width={520}>
      <Form.Item name="message" label={t('alarm.message')} rules={[zodRule(alarmUpdateBody.shape.message, t('alarm.message'))]}>
        <Input.TextArea rows={3} maxLength={255} showCount data-testid="field-alarm-message" />
      </Form.Item>
    </FormDialog>
  );
}
