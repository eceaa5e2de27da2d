import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TerminalInput, TerminalListItem, TerminalWithSecret } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
import { useSaveTerminal } from '../api/terminals';
import { TerminalFormFields } from './terminal-form-fields';

interface Props {
  editing: TerminalListItem | 'new' | null;
  onClose: () => void;
  /** A new terminal's one-time secret. */
  onCreated: (t: TerminalWithSecret) => void;
}

const blank: Partial<TerminalInput> = { family: 'rdcsm', model: 2, manufacturer: 'HW', status: 1, phases: 3, loops: 0 };
const EDITABLE = ['sn', 'name', 'family', 'model', 'manufacturer', 'imsi', 'enterpriseId', 'deptId', 'area', 'boxId', 'lng', 'lat', 'address', 'controlMode', 'phases', 'loops', 'ratedPowerW', 'timeZone', 'installDate', 'remark'] as const;

export function TerminalFormDialog({ editing, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TerminalInput>();
  const save = useSaveTerminal();
  const isNew = editing === 'new';
  const submit = (values: TerminalInput) => {
    const current = editing && editing !== 'new' ? Object.fromEntries(EDITABLE.map((k) => [k, editing[k]])) : {};
    const input = isNew ? values : { ...current, ...values, terminalId: (editing as TerminalListItem).terminalId };
    save.mutate(input as TerminalInput, {
      onSuccess: (saved) => {
        message.success(t('terminal.saved'));
        onClose();
        if (isNew && 'secret' in saved) onCreated(saved);
      },
    });
  };
  return (
    <FormDialog<TerminalInput>
      form={form}
      open={editing !== null}
      title={t(isNew ? 'terminal.addTitle' : 'terminal.editTitle')}
      permission={isNew ? 'terminal:terminal:add' : 'terminal:terminal:edit'}
      initialValues={isNew || !editing ? blank : (editing as Partial<TerminalInput>)}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={submit}
      width={720}
    >
      <TerminalFormFields isNew={isNew} />
    </FormDialog>
  );
}
