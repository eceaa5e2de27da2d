import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Mailer } from '../mail/index.js';
import { DEFAULT_CO2_PER_KWH, EnergyReportService } from './energy-report.js';
import { MonthlyReportService } from './monthly-report.js';
import { OperationsReportService } from './operations-report.js';
import { ReportAlarmRepository } from './report-alarm-repository.js';
import { ReportMailRepository } from './report-mail-repository.js';
import { ReportRepository } from './report-repository.js';

/** Reads system configuration values by key (system/config's repository). */
export interface SystemSettings {
  values(keys: string[]): Promise<Record<string, string>>;
}

/** The system configuration key of the grid's emission factor (kg CO₂ per kWh), one per installation. */
export const CO2_CONFIG_KEY = 'report.co2PerKwh';

/** The reports' services, wired once per app (services.ts). */
export function createReportServices(db: Db, config: Pick<Config, 'ROLLUP_TIME_ZONE' | 'TIME_ZONE'>, configs: SystemSettings, mailer: Mailer) {
  const repo = new ReportRepository(db, config.ROLLUP_TIME_ZONE);
  const co2PerKwh = async () => {
    const value = Number((await configs.values([CO2_CONFIG_KEY]))[CO2_CONFIG_KEY]);
    return Number.isFinite(value) && value >= 0 && value < 10 ? value : DEFAULT_CO2_PER_KWH;
  };
  const energy = new EnergyReportService(repo, config.ROLLUP_TIME_ZONE, co2PerKwh);
  const operations = new OperationsReportService(repo, new ReportAlarmRepository(db), config.ROLLUP_TIME_ZONE);
  const mails = new ReportMailRepository(db);
  return { energy, operations, mails, monthly: new MonthlyReportService(energy, operations, mails, mailer, config.TIME_ZONE) };
}

export type ReportServices = ReturnType<typeof createReportServices>;
