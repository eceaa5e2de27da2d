import { operLogsQuery } from './api/logs';
import { operLogColumns } from './components/log-columns';
import { LogList } from './components/log-list';

export default function OperLogPage() {
  return <LogList kind="oper" permission="system:sysoperlog" query={operLogsQuery} columns={operLogColumns} nameOf={(r) => `#${r.id}`} />;
}
