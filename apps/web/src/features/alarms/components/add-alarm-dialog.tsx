import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TerminalPick } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
import { http } from '../../../shared/request';
import { useAddAlarm } from '../api/alarms';
import { useAlarmNames } from './alarm-names';

interface Values {
  terminalId: number;
  kind: string;
  message?: string;
}

/** Manual alarm entry (a citizen's call, a patrol's finding) on a terminal searched on the server. */
export function AddAlarmDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const names = useAlarmNames();
  const [keyword, setKeyword] = useState('');
  const picks = useQuery({ queryKey: ['terminal-picks', keyword], queryFn: () => http.get<TerminalPick[]>('/api/v1/terminal/query', { keyword }), enabled: open });
  const add = useAddAlarm();
  const submit = (v: Values) => add.mutate({ terminalId: v.terminalId, kind: v.kind, message: v.message?.trim() ?? '' }, { onSuccess: onClose });
  return (
    <FormDialog<Values> form={form} title={t('alarm.add')} open={open} saving={add.isPending} permission="alarm:alarm:add" onClose={onClose} onSubmit={submit} width={520}>
      <Form.Item name="terminalId" label={t('alarm.terminal')} rules={[{ required: true, message: t('alarm.terminalRequired') }]}>
        <Select
          showSearch
          filterOption={false}
          onSearch={setKeyword}
          loading={picks.isFetching}
          options={(picks.data ?? []).map((p) => ({ value: p.terminalId, label: `${p.name} (${p.sn})` }))}
          placeholder={t('alarm.terminalSearch')}
          data-testid="add-alarm-terminal"
        />
      </Form.Item>
      <Form.Item name="kind" label={t('alarm.kind')} rules={[{ required: true, message: t('alarm.kindRequired') }]}>
        <Select options={names.kindOptions} data-testid="add-alarm-kind" />
      </Form.Item>
      <Form.Item name="message" label={t('alarm.message')} rules={[{ max: 255, message: t('order.tooLong', { n: 255 }) }]}>
        <Input.TextArea rows={3} maxLength={255} showCount />
      </Form.Item>
    </FormDialog>
  );
}
