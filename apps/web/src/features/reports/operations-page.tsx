import { registerLocales } from '../../shared/i18n/register-locales';
import { OperationsReportView } from './components/operations-report-view';
import { reportsLocales } from './locales';

registerLocales(reportsLocales);

/** 运行报表: lighting and online rate, failures, repair times, open alarms. */
export default function OperationsReportPage() {
  return <OperationsReportView />;
}
