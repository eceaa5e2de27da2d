import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SetKind, SetRow } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
import { feedback } from '../../../shared/request';
import { setDetail, useSaveSet } from '../api/control-api';
import { SetFields } from './set-fields';

const DEFAULTS: Record<SetKind, Record<string, unknown>> = {
  strategy: { isDefault: false },
  area: { terminalIds: [] },
  electricity: { currency: 'CNY', periods: [{ from: '00:00', to: '08:00', price: 0.3 }, { from: '08:00', to: '22:00', price: 0.8 }, { from: '22:00', to: '24:00', price: 0.5 }] },
  maintenance: { intervalDays: 90, terminalIds: [] },
};

/** Adds or edits a set of any kind; members are loaded from the set's detail. */
export function SetDialog({ kind, open, row, onClose }: { kind: SetKind; open: boolean; row: SetRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  const save = useSaveSet(kind);
  useEffect(() => {
    if (open && row && (kind === 'area' || kind === 'maintenance')) void setDetail(kind, row.id).then((d) => form.setFieldsValue({ terminalIds: d.terminalIds }));
  }, [open, row, kind, form]);
  const submit = (v: Record<string, unknown>) =>
    save.mutate({ ...v, remark: v.remark ?? '', ...(row ? { id: row.id } : {}) }, {
      onSuccess: () => {
        feedback.message().success(t('control.saved'));
        onClose();
      },
    });
  const initial = row ? { name: row.name, isDefault: row.isDefault, ...row.data } : DEFAULTS[kind];
  return (
    <FormDialog form={form} title={t(row ? `control.set.${kind}.edit` : `control.set.${kind}.add`)} open={open} saving={save.isPending} permission={`policy:${kind}:${row ? 'edit' : 'add'}`}
      initialValues={initial} onClose={onClose} onSubmit={submit} width={kind === 'area' || kind === 'maintenance' ? 1000 : 720}>
      <Form.Item name="name" label={t('control.name')} rules={[{ required: true, whitespace: true, message: t('control.nameRequired') }, { max: 64 }]}><Input data-testid="field-name" /></Form.Item>
      <SetFields kind={kind} />
      <Form.Item name="remark" label={t('common.remark')} rules={[{ max: 255 }]}><Input.TextArea rows={2} /></Form.Item>
    </FormDialog>
  );
}
