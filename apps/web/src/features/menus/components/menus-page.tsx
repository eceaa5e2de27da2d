import { useState } from 'react';
import { App, Button, Card, Form, Input, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '@sl/contracts';
import { menuTitle } from '../../../shared/menu/menu-tree';
import { Access } from '../../../shared/permission/access';
import { PlainTable, SearchForm, confirmDelete } from '../../../shared/table';
import { useMenus, type MenuFilters } from '../api/get-menus';
import { useDeleteMenu } from '../api/menu-mutations';
import { MenuFormDialog, type MenuEditing } from './menu-form-dialog';
import { useMenuColumns } from './use-menu-columns';

export default function MenusPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [filters, setFilters] = useState<MenuFilters>({});
  const { data = [], isFetching } = useMenus(filters);
  const [editing, setEditing] = useState<MenuEditing | null>(null);
  const remove = useDeleteMenu();
  const onDelete = (m: MenuNode) =>
    confirmDelete({ names: [menuTitle(m)], onOk: () => remove.mutateAsync(m.menuId).then(() => message.success(t('menuAdmin.deleted'))) });
  const columns = useMenuColumns({ onAdd: (m) => setEditing({ parentId: m.menuId }), onEdit: (m) => setEditing({ menu: m, parentId: m.parentId }), onDelete });
  return (
    <Card size="small">
      <SearchForm<MenuFilters> onSearch={setFilters} onReset={() => setFilters({})}>
        <Form.Item name="title" label={t('menuAdmin.title')}>
          <Input allowClear placeholder={t('menuAdmin.title')} data-testid="search-title" />
        </Form.Item>
        <Form.Item name="visible" label={t('menuAdmin.visible')}>
          <Select allowClear style={{ minWidth: 120 }} placeholder={t('menuAdmin.visible')} data-testid="search-visible"
            options={[{ value: '0', label: t('menuAdmin.shown') }, { value: '1', label: t('menuAdmin.hidden') }]} />
        </Form.Item>
      </SearchForm>
      <Access permissions={['system:sysmenu:add']}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ parentId: 0 })} style={{ marginBottom: 16 }} data-testid="btn-add">{t('common.add')}</Button>
      </Access>
      <PlainTable<MenuNode> rowKey="menuId" columns={columns} dataSource={data} loading={isFetching} />
      <MenuFormDialog editing={editing} menus={data} onClose={() => setEditing(null)} />
    </Card>
  );
}
