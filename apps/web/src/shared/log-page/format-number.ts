import { i18n } from '../i18n';

/** A number in the console's language, with at most `digits` decimals; blank for null. */
export function formatNumber(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(value);
}

/** A number with its unit (`V`, `A`, `kW`, `kWh`, `mA`, `%`, `°C`, `ms`), blank for null. */
export function formatQuantity(value: number | null | undefined, unit: string, digits = 2): string {
  const n = formatNumber(value, digits);
  return n === '' ? '' : `${n} ${unit}`;
}
