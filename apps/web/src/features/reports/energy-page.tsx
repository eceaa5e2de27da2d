import { registerLocales } from '../../shared/i18n/register-locales';
import { EnergyReportView } from './components/energy-report-view';
import { reportsLocales } from './locales';

registerLocales(reportsLocales);

/** 能耗报表: energy by period and place, with cost, CO₂ and last year. */
export default function EnergyReportPage() {
  return <EnergyReportView mode="energy" />;
}
