import { Button, Space, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '@sl/contracts';
import { MenuIcon } from '../../../shared/menu/menu-icon';
import { menuTitle } from '../../../shared/menu/menu-tree';
import { Access } from '../../../shared/permission/access';
import { MenuTypeTag } from './menu-type-tag';

interface Actions {
  onAdd: (parent: MenuNode) => void;
  onEdit: (menu: MenuNode) => void;
  onDelete: (menu: MenuNode) => void;
}

export function useMenuColumns({ onAdd, onEdit, onDelete }: Actions): ColumnsType<MenuNode> {
  const { t } = useTranslation();
  return [
    { title: t('menuAdmin.title'), dataIndex: 'title', render: (_, m) => menuTitle(m) },
    { title: t('menuAdmin.menuType'), dataIndex: 'menuType', render: (v: MenuNode['menuType']) => <MenuTypeTag type={v} /> },
    { title: t('menuAdmin.icon'), dataIndex: 'icon', align: 'center', render: (v: string, m) => (m.menuType === 'F' ? null : <MenuIcon name={v} />) },
    { title: t('common.sort'), dataIndex: 'sort' },
    { title: t('menuAdmin.path'), dataIndex: 'path' },
    { title: t('menuAdmin.component'), dataIndex: 'component' },
    { title: t('menuAdmin.permission'), dataIndex: 'permission' },
    {
      title: t('menuAdmin.visible'),
      dataIndex: 'visible',
      render: (v: string) => (v === '0' ? <Tag color="green">{t('menuAdmin.shown')}</Tag> : <Tag>{t('menuAdmin.hidden')}</Tag>),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, m) => (
        <Space size={0}>
          {m.menuType !== 'F' && (
            <Access permissions={['system:sysmenu:add']}>
              <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => onAdd(m)} data-testid="row-add-child">{t('common.addChild')}</Button>
            </Access>
          )}
          <Access permissions={['system:sysmenu:edit']}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(m)} data-testid="row-edit">{t('common.edit')}</Button>
          </Access>
          <Access permissions={['system:sysmenu:remove']}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => onDelete(m)} data-testid="row-delete">{t('common.delete')}</Button>
          </Access>
        </Space>
      ),
    },
  ];
}
