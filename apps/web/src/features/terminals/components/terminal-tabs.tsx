import { Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TerminalTab } from '@sl/contracts';
import { useManautoOverview, useTerminalTabs, type TerminalFilters } from '../api/terminals';

/** Each tab: the count it shows and the filter it applies (the list's online state and status). */
const TABS: Array<[key: string, count: keyof TerminalTab, filter: Pick<TerminalFilters, 'onlineState' | 'status'>]> = [
  ['all', 'total', { status: 6 }],
  ['online', 'online', { onlineState: 1, status: 6 }],
  ['offline', 'offline', { onlineState: 2, status: 6 }],
  ['abnormal', 'abnormal', { onlineState: 3, status: 6 }],
  ['inFactory', 'inFactory', { status: 1 }],
  ['warehouse', 'warehouse', { status: 2 }],
  ['inUse', 'inUse', { status: 3 }],
  ['underRepair', 'underRepair', { status: 4 }],
  ['scrapped', 'scrapped', { status: 5 }],
];

/** The tab a list filter corresponds to, if any. */
const tabOf = (f: TerminalFilters) => TABS.find(([, , x]) => x.status === (f.status ?? 6) && x.onlineState === f.onlineState)?.[0] ?? '';

/** `/terminal/tab`: status tabs with counts above the terminal list, and the manual/auto summary (`/queryManautoData`). */
export function TerminalTabs({ filters, onFilter }: { filters: TerminalFilters; onFilter: (f: Pick<TerminalFilters, 'onlineState' | 'status'>) => void }) {
  const { t } = useTranslation();
  const counts = useTerminalTabs().data;
  const manauto = useManautoOverview().data;
  // The summary sits beside the tab bar, not in it: antd puts extra tab-bar content inside the role="tablist" element,
  // where only tabs may be (axe aria-required-children).
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
      <Tabs
        size="small"
        style={{ flex: '1 1 auto', minWidth: 0 }}
        activeKey={tabOf(filters)}
        onChange={(key) => onFilter(TABS.find(([k]) => k === key)![2])}
        data-testid="terminal-tabs"
        items={TABS.map(([key, count]) => ({ key, label: <span data-testid={`terminal-tab-${key}`}>{t(`terminal.tab.${key}`)} {counts ? `(${counts[count]})` : ''}</span> }))}
      />
      {manauto && (
        <Space size="middle" data-testid="manauto-summary">
          <Typography.Text type="secondary">{t('terminal.manauto.manual', { n: manauto.manual })}</Typography.Text>
          <Typography.Text type="secondary">{t('terminal.manauto.auto', { n: manauto.auto })}</Typography.Text>
          <Typography.Text type="secondary">{t('terminal.manauto.bound', { n: manauto.bound })}</Typography.Text>
          <Typography.Text type="secondary">{t('terminal.manauto.overridden', { n: manauto.overridden })}</Typography.Text>
        </Space>
      )}
    </div>
  );
}
