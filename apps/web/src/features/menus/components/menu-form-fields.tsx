import { Col, Form, Input, InputNumber, Radio, Row, Select, Space, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { MENU_TYPES, menuInput, type MenuNode, type MenuType } from '@sl/contracts';
import { zodRule } from '../../../shared/form/zod-rule';
import { MENU_ICON_NAMES, MenuIcon } from '../../../shared/menu/menu-icon';
import { menuTitle } from '../../../shared/menu/menu-tree';

const f = menuInput.shape;
const half = { xs: 24, sm: 12 };

interface ParentNode {
  value: number;
  title: string;
  disabled?: boolean;
  children?: ParentNode[];
}

const parentNodes = (menus: readonly MenuNode[], selfId?: number, inherited = false): ParentNode[] =>
  menus.filter((m) => m.menuType !== 'F').map((m) => {
    const disabled = inherited || m.menuId === selfId;
    return { value: m.menuId, title: menuTitle(m), disabled: disabled || undefined, children: m.children?.length ? parentNodes(m.children, selfId, disabled) : undefined };
  });

export function MenuFormFields({ menus, selfId }: { menus: readonly MenuNode[]; selfId?: number }) {
  const { t } = useTranslation();
  const type = Form.useWatch<MenuType>('menuType');
  // validateFirst: a blank required field shows "required" once, not again from the contract's rule.
  const field = (name: 'menuName' | 'title' | 'path' | 'component' | 'permission', required = false) => {
    const label = t(`menuAdmin.${name}`);
    const rules = [...(required ? [{ required: true, whitespace: true, message: t('validation.required', { label }) }] : []), zodRule(f[name], label)];
    return (
      <Col {...half} key={name}>
        <Form.Item name={name} label={label} rules={rules} validateFirst>
          <Input data-testid={`field-${name}`} />
        </Form.Item>
      </Col>
    );
  };
  return (
    <Row gutter={16}>
      <Col span={24}>
        <Form.Item name="parentId" label={t('menuAdmin.parent')}>
          <TreeSelect data-testid="field-parentId" showSearch treeNodeFilterProp="title" treeData={[{ value: 0, title: t('menuAdmin.root'), children: parentNodes(menus, selfId) }]} treeExpandedKeys={undefined} treeDefaultExpandedKeys={[0]} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="menuType" label={t('menuAdmin.menuType')}>
          <Radio.Group data-testid="field-menuType" options={MENU_TYPES.map((v) => ({ value: v, label: t(`menuAdmin.type${v}`) }))} />
        </Form.Item>
      </Col>
      {field('title', true)}
      {field('menuName', true)}
      {type !== 'F' && (
        <Col {...half}>
          <Form.Item name="icon" label={t('menuAdmin.icon')}>
            <Select data-testid="field-icon" allowClear showSearch options={MENU_ICON_NAMES.map((n) => ({ value: n, label: <Space><MenuIcon name={n} />{n}</Space> }))} />
          </Form.Item>
        </Col>
      )}
      {type !== 'F' && field('path', true)}
      {type === 'C' && field('component', true)}
      {type !== 'M' && field('permission', type === 'F')}
      <Col {...half}>
        <Form.Item name="sort" label={t('common.sort')} rules={[zodRule(f.sort, t('common.sort'))]}>
          <InputNumber min={0} style={{ width: '100%' }} data-testid="field-sort" />
        </Form.Item>
      </Col>
      {type !== 'F' && (
        <Col {...half}>
          <Form.Item name="visible" label={t('menuAdmin.visible')}>
            <Radio.Group data-testid="field-visible" options={[{ value: '0', label: t('menuAdmin.shown') }, { value: '1', label: t('menuAdmin.hidden') }]} />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}
