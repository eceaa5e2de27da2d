import { registerLocales } from '../../shared/i18n/register-locales';
import { EnergyReportView } from './components/energy-report-view';
import { reportsLocales } from './locales';

registerLocales(reportsLocales);

/** 节能报表: the baseline against the energy used, split into dimming and shorter burning. */
export default function SavingsReportPage() {
  return <EnergyReportView mode="savings" />;
}
