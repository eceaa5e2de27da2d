import { Form, Input, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { toDeptNodes, useDeptTree } from '../../../shared/org/dept-tree';
import { SearchForm } from '../../../shared/table';
import type { TerminalFilters } from '../api/terminals';
import { terminalOptions } from './terminal-options';

interface Props {
  onSearch: (values: TerminalFilters) => void;
  onReset: () => void;
}

export function TerminalSearch({ onSearch, onReset }: Props) {
  const { t } = useTranslation();
  const depts = useDeptTree().data ?? [];
  const o = terminalOptions();
  const select = (name: keyof TerminalFilters, label: string, options: Array<{ value: string | number; label: string }>) => (
    <Form.Item name={name} label={label}>
      <Select allowClear options={options} placeholder={label} style={{ width: 140 }} data-testid={`search-${name}`} />
    </Form.Item>
  );
  return (
    <SearchForm<TerminalFilters> onSearch={onSearch} onReset={onReset} initialValues={{ status: 6 }}>
      <Form.Item name="keyword" label={t('terminal.keyword')}>
        <Input allowClear placeholder={t('terminal.keyword')} data-testid="search-keyword" style={{ width: 180 }} />
      </Form.Item>
      {select('family', t('terminal.family'), o.family)}
      {select('model', t('terminal.model'), o.model)}
      {select('onlineState', t('terminal.online'), o.online)}
      {select('status', t('terminal.status'), o.status)}
      {select('manufacturer', t('terminal.manufacturer'), o.manufacturer)}
      {select('registerState', t('terminal.registered'), o.registered)}
      <Form.Item name="deptId" label={t('terminal.dept')}>
        <TreeSelect allowClear treeData={toDeptNodes(depts)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" placeholder={t('terminal.dept')} style={{ width: 180 }} data-testid="search-deptId" />
      </Form.Item>
    </SearchForm>
  );
}
