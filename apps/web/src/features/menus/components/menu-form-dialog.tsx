import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuInput, MenuNode } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
import { useSaveMenu } from '../api/menu-mutations';
import { MenuFormFields } from './menu-form-fields';
import { normaliseMenu } from './menu-values';

/** Add under `parentId`, or edit `menu`. */
export interface MenuEditing {
  menu?: MenuNode;
  parentId: number;
}

export function MenuFormDialog({ editing, menus, onClose }: { editing: MenuEditing | null; menus: readonly MenuNode[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<MenuInput>();
  const save = useSaveMenu();
  const menu = editing?.menu;
  const submit = (values: MenuInput) =>
    save.mutate({ ...normaliseMenu(values), menuId: menu?.menuId }, { onSuccess: () => (message.success(t('menuAdmin.saved')), onClose()) });
  const initial: Partial<MenuInput> = menu
    ? { ...menu, children: undefined } as Partial<MenuInput>
    : { parentId: editing?.parentId ?? 0, menuType: 'C', sort: 0, visible: '0' };
  return (
    <FormDialog<MenuInput> form={form} open={editing !== null} width={720} title={t(menu ? 'menuAdmin.editTitle' : 'menuAdmin.addTitle')} permission={menu ? 'system:sysmenu:edit' : 'system:sysmenu:add'} initialValues={initial} saving={save.isPending} onClose={onClose} onSubmit={submit}>
      <MenuFormFields menus={menus} selfId={menu?.menuId} />
    </FormDialog>
  );
}
