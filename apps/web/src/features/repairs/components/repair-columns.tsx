import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { TerminalRepair } from '@sl/contracts';
import { TerminalLink } from '../../../shared/log-page';
import { formatTime } from '../../../shared/time/format-time';

export const repairColumns = (t: TFunction): ColumnsType<TerminalRepair> => [
  { title: t('repair.failed'), key: 'failed', render: (_, r) => <TerminalLink row={{ terminalId: r.terminalId, terminalName: r.name, sn: r.sn }} /> },
  {
    title: t('repair.replacement'),
    key: 'replacement',
    render: (_, r) => (r.replacementId ? <TerminalLink row={{ terminalId: r.replacementId, terminalName: r.replacementName, sn: r.replacementSn }} /> : ''),
  },
  { title: t('repair.reason'), dataIndex: 'reason' },
  { title: t('repair.user'), dataIndex: 'userName' },
  { title: t('repair.time'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
];
