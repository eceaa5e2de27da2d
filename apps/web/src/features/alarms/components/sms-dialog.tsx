import { App, Form, Select } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { smsSendAlarmBody } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
import { zodRule } from '../../../shared/form/zod-rule';
import { http } from '../../../shared/request';
import { usePhoneUsers } from '../api/alarm-sets';

interface Values {
  userIds: number[];
}

/** `/api/v2/sms/send/alarm`: texts one alarm to the chosen people (users with a phone number). */
export function SmsDialog({ alarmId, onClose }: { alarmId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const users = usePhoneUsers(alarmId !== null);
  const send = useMutation({ mutationFn: (userIds: number[]) => http.post('/api/v2/sms/send/alarm', { alarmId, userIds }) });
  const submit = (v: Values) =>
    send.mutate(v.userIds, {
      onSuccess: () => {
        message.success(t('alarm.smsSent'));
        form.resetFields();
        onClose();
      },
    });
  return (
    <FormDialog<Values> form={form} open={alarmId !== null} title={t('alarm.smsTitle', { id: alarmId ?? '' })} permission="alarm:alarm:dispatch" saving={send.isPending} onClose={onClose} onSubmit={submit} width={480}>
      <Form.Item name="userIds" label={t('alarm.smsTo')} rules={[{ required: true, message: t('alarm.smsToRequired') }, zodRule(smsSendAlarmBody.shape.userIds, t('alarm.smsTo'))]}>
        <Select
          mode="multiple"
          optionFilterProp="label"
          loading={users.isLoading}
          options={(users.data ?? []).map((u) => ({ value: u.userId, label: `${u.nickName || u.username} (${u.phone})` }))}
          data-testid="field-sms-users"
        />
      </Form.Item>
    </FormDialog>
  );
}
