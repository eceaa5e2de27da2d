import { loginLogsQuery } from './api/logs';
import { loginLogColumns } from './components/log-columns';
import { LogList } from './components/log-list';

export default function LoginLogPage() {
  return <LogList kind="login" permission="system:sysloginlog" query={loginLogsQuery} columns={loginLogColumns} nameOf={(r) => `#${r.id}`} />;
}
