/** One row of the energy report (docs/reports.md defines every figure). */
export interface EnergyReportRow {
  /** The place's id (department, cabinet, terminal), the area's name, or the period's first day (YYYY-MM-DD). */
  key: string;
  /** What the console shows for the key: a name, or the period. */
  label: string;
  /** Lamps (terminals) counted in the row. */
  terminals: number;
  kwh: number;
  /** Every lamp at its rated power through every night hour of the days. */
  baselineKwh: number;
  savingKwh: number;
  /** Of the saving: what dimming saved (lit hours at rated power, less the energy used). */
  dimmingSavingKwh: number;
  /** Of the saving: what burning fewer hours than the night saved (night hours not lit, at rated power). */
  shorterBurningSavingKwh: number;
  cost: number;
  currency: string;
  co2Kg: number;
  burnHours: number;
  nightHours: number;
  /** Lamp-hours lit at night over lamp-hours of night, 0–1; null when the row holds no night. */
  lightingRate: number | null;
  /** Heartbeats received over heartbeats expected, 0–1. */
  onlineRate: number | null;
  /** The same row for the same days a year earlier (with `lastYear=true`). */
  lastYearKwh?: number;
}

export interface EnergyReport {
  from: string;
  to: string;
  groupBy: string;
  /** kg of CO₂ per kWh (system configuration `report.co2PerKwh`). */
  co2PerKwh: number;
  rows: EnergyReportRow[];
  total: EnergyReportRow;
}

/** A cell of the lighting-rate heat-map: a local day and hour (0–23). */
export interface LightingRateCell {
  day: string;
  hour: number;
  /** Lamps lit over lamps that should be lit; null in a day-time hour. */
  rate: number | null;
  lit: number;
  lamps: number;
}

/** Alarm handling of a department or repairer over the days. */
export interface RepairTimes {
  key: string;
  label: string;
  alarms: number;
  /** Mean minutes from raised to acknowledged (alarms acknowledged). */
  meanAckMinutes: number | null;
  /** Mean minutes from raised to repaired/closed (alarms closed). */
  meanRepairMinutes: number | null;
}

export interface LampOperations {
  terminalId: number;
  name: string;
  burnHours: number;
  switches: number;
  lightingRate: number | null;
}

/** The operations figures of one place of the drill-down level (docs/reports.md): the lamps under it, over the days. */
export interface OperationsPlaceRow {
  /** The place's id (department, cabinet, terminal; 0: none) or the area's name ('' : no area). */
  key: string;
  label: string;
  /** Lamps (terminals) of the place. */
  terminals: number;
  /** Lamp-hours lit at night over lamp-hours of night, 0–1; null when the days hold no night. */
  lightingRate: number | null;
  /** Heartbeats received over heartbeats expected, 0–1. */
  onlineRate: number | null;
  /** Faults raised per 1,000 lamps per 30 days. */
  failureRate: number;
  faults: number;
  burnHours: number;
  /** Switch-ons of the place's lamps. */
  switches: number;
  /** Alarms on the place's lamps open now. */
  openAlarms: number;
}

export interface OperationsReport {
  from: string;
  to: string;
  /** The place level of `rows`: department, area, cabinet or terminal. */
  groupBy: string;
  /** The places of that level under the query's narrowing, lowest lighting rate first. */
  rows: OperationsPlaceRow[];
  /** Lamps the report covers. */
  lampCount: number;
  lightingRate: number | null;
  onlineRate: number | null;
  /** Faults raised per 1,000 lamps per 30 days. */
  failureRate: number;
  faults: number;
  heatMap: LightingRateCell[];
  repairByDept: RepairTimes[];
  repairByRepairer: RepairTimes[];
  /** Open alarms by age: < 1 day, 1–3 days, 3–7 days, 7–30 days, ≥ 30 days. */
  openByAge: Array<{ bucket: string; count: number }>;
  /** The lamps with the fewest lit night hours first (at most 200). */
  lamps: LampOperations[];
}
