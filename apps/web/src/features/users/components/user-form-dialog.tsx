import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SysUser, UserCreate } from '@sl/contracts';
import { useAppConfig } from '../../../shared/config/app-config';
import { encryptPassword } from '../../../shared/crypto/encrypt-password';
import { FormDialog } from '../../../shared/form/form-dialog';
import { useSaveUser } from '../api/user-mutations';
import { UserFormFields } from './user-form-fields';

interface Props {
  /** 'new' to add, a user to edit, null when closed. */
  editing: SysUser | 'new' | null;
  onClose: () => void;
}

const blank: Partial<UserCreate> = { sex: '0', status: '2', roleIds: [] };

export function UserFormDialog({ editing, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<UserCreate>();
  const key = useAppConfig().data?.passwordKey ?? '';
  const save = useSaveUser();
  const isNew = editing === 'new';
  const submit = (values: UserCreate) => {
    const input = isNew
      ? { ...values, password: encryptPassword(values.password.trim(), key) }
      : { ...values, userId: (editing as SysUser).userId };
    save.mutate(input, {
      onSuccess: () => {
        message.success(t('user.saved'));
        onClose();
      },
    });
  };
  return (
    <FormDialog<UserCreate>
      form={form}
      open={editing !== null}
      title={t(isNew ? 'user.addTitle' : 'user.editTitle')}
      permission={isNew ? 'system:sysuser:add' : 'system:sysuser:edit'}
      initialValues={isNew || !editing ? blank : { ...editing, deptId: editing.deptId ?? undefined }}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <UserFormFields isNew={isNew} />
    </FormDialog>
  );
}
