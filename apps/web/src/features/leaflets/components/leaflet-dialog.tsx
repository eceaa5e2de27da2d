import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Leaflet } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
import { feedback } from '../../../shared/request';
import { useSaveLeaflet } from '../api/leaflets-api';
import { TargetsField, type TargetsFieldLabels } from '../../../shared/terminal-picker/targets-field';
import { ReceiversSelect } from './receivers-select';

const TARGET_LABELS: TargetsFieldLabels = { groupMode: 'leaflet.groupMode', byTerminal: 'leaflet.byTerminal', byArea: 'leaflet.byArea', targets: 'leaflet.targets', targetsRequired: 'leaflet.targetsRequired' };

interface Values {
  title: string;
  instruction: string;
  groupMode: 1 | 2;
  targetIds: number[];
  receiverIds: number[];
  dueAt: Dayjs;
  remark?: string;
}

/** A new leaflet, or a change to one: instruction, terminals or areas, receivers, due time. */
export function LeafletDialog({ open, row, onClose }: { open: boolean; row: Leaflet | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveLeaflet();
  const submit = (v: Values) =>
    save.mutate({ ...v, id: row?.id, dueAt: v.dueAt.toISOString(), deptId: row?.deptId ?? null, remark: v.remark ?? '' }, {
      onSuccess: () => {
        feedback.message().success(t('leaflet.saved'));
        onClose();
      },
    });
  const initial: Partial<Values> = row
    ? { ...row, receiverIds: row.receivers.map((r) => r.userId), dueAt: dayjs(row.dueAt) }
    : { groupMode: 1, targetIds: [], receiverIds: [], dueAt: dayjs().add(1, 'day').hour(18).minute(0).second(0) };
  return (
    <FormDialog<Values> form={form} title={t(row ? 'leaflet.edit' : 'leaflet.add')} open={open} saving={save.isPending} permission={row ? 'dispatch:leaflet:edit' : 'dispatch:leaflet:add'}
      initialValues={initial} onClose={onClose} onSubmit={submit} width={1000}>
      <Form.Item name="title" label={t('leaflet.title')} rules={[{ required: true, whitespace: true, message: t('leaflet.titleRequired') }, { max: 64, message: t('leaflet.tooLong', { n: 64 }) }]}>
        <Input data-testid="field-title" />
      </Form.Item>
      <Form.Item name="instruction" label={t('leaflet.instruction')} rules={[{ required: true, whitespace: true, message: t('leaflet.instructionRequired') }, { max: 1000, message: t('leaflet.tooLong', { n: 1000 }) }]}>
        <Input.TextArea rows={3} maxLength={1000} showCount data-testid="field-instruction" />
      </Form.Item>
      <Form.Item name="receiverIds" label={t('leaflet.receivers')} rules={[{ required: true, type: 'array', min: 1, message: t('leaflet.receiversRequired') }]}>
        <ReceiversSelect known={row?.receivers} />
      </Form.Item>
      <Form.Item name="dueAt" label={t('leaflet.dueAt')} rules={[{ required: true, message: t('leaflet.dueRequired') }]}>
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="field-due" />
      </Form.Item>
      <TargetsField labels={TARGET_LABELS} />
      <Form.Item name="remark" label={t('common.remark')} rules={[{ max: 255, message: t('leaflet.tooLong', { n: 255 }) }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
    </FormDialog>
  );
}
