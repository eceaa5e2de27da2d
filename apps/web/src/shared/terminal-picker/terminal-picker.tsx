import { useState } from 'react';
import { Col, Input, Row, Table, Tag, Tree } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PageResult, PickedTerminal, PickerTreeNode } from '@sl/contracts';
import { http } from '../request';
import { usePaginationProps } from '../pagination';

interface Props {
  value?: number[];
  onChange?: (ids: number[]) => void;
}

interface Scope {
  deptId?: number;
  areaId?: number;
}

interface TreeItem {
  key: string;
  title: string;
  children?: TreeItem[];
}

const toTreeData = (nodes: PickerTreeNode[]): TreeItem[] =>
  nodes.map((n) => ({ key: n.key, title: `${n.title} (${n.count})`, children: n.children ? toTreeData(n.children) : undefined }));

/**
 * Picks terminals from any fleet size: the tree (departments and their area sets) and the keyword
 * narrow a server-side search, the table pages through it, and the choice survives paging.
 */
export function TerminalPicker({ value = [], onChange }: Props) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<Scope>({});
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 });
  const tree = useQuery({ queryKey: ['picker', 'tree'], queryFn: () => http.get<PickerTreeNode[]>('/api/v1/query/terminals/tree') });
  const params = { ...scope, keyword: keyword || undefined, ...page };
  const list = useQuery({ queryKey: ['picker', 'terminals', params], queryFn: () => http.get<PageResult<PickedTerminal>>('/api/v1/query/terminals', params), placeholderData: keepPreviousData });
  const pagination = usePaginationProps({ pageIndex: page.pageIndex, pageSize: page.pageSize, total: list.data?.count ?? 0, onPageChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize: pageSize ?? page.pageSize }) });
  const select = (key: string | undefined) => {
    setPage((p) => ({ ...p, pageIndex: 1 }));
    if (!key) return setScope({});
    setScope(key.startsWith('a') ? { areaId: Number(key.slice(1)) } : { deptId: Number(key.slice(1)) });
  };
  return (
    <Row gutter={12} data-testid="terminal-picker">
      <Col xs={24} md={8} style={{ maxHeight: 360, overflow: 'auto' }}>
        <Tree key={tree.data ? 'loaded' : 'loading'} treeData={toTreeData(tree.data ?? [])} defaultExpandAll onSelect={(keys) => select(keys[0] as string | undefined)} data-testid="picker-tree" />
      </Col>
      <Col xs={24} md={16}>
        <Input.Search allowClear placeholder={t('picker.keyword')} onSearch={(v) => { setKeyword(v); setPage((p) => ({ ...p, pageIndex: 1 })); }} data-testid="picker-search" style={{ marginBottom: 8 }} />
        <Table<PickedTerminal>
          size="small"
          rowKey="terminalId"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          pagination={pagination}
          locale={{ emptyText: t('common.empty') }}
          rowSelection={{ selectedRowKeys: value, preserveSelectedRowKeys: true, onChange: (keys) => onChange?.(keys as number[]) }}
          columns={[
            { title: t('picker.name'), dataIndex: 'name' },
            { title: 'SN', dataIndex: 'sn' },
            { title: t('picker.dept'), dataIndex: 'deptName' },
            { title: t('picker.online'), dataIndex: 'onlineState', render: (v: number) => <Tag color={v === 1 ? 'green' : 'default'}>{t(v === 1 ? 'picker.on' : 'picker.off')}</Tag> },
          ]}
        />
        <Tag color="blue" data-testid="picker-count">{t('picker.selected', { count: value.length })}</Tag>
        {value.length > 0 && <a onClick={() => onChange?.([])}>{t('picker.clear')}</a>}
      </Col>
    </Row>
  );
}
