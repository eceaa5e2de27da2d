import { DEVICE_FAMILIES, MANUFACTURERS } from '@sl/contracts';
import { i18n } from '../../../shared/i18n';

const numbered = (prefix: string, values: readonly number[]) => values.map((v) => ({ value: v, label: i18n.t(`${prefix}.${v}`) }));

/** Select options of the terminal enumerations, in the current language. */
export const terminalOptions = () => ({
  family: DEVICE_FAMILIES.map((f) => ({ value: f, label: f })),
  model: numbered('terminal.model', [1, 2]),
  online: numbered('terminal.online', [1, 2, 3]),
  status: numbered('terminal.status', [6, 1, 2, 3, 4, 5]),
  editableStatus: numbered('terminal.status', [1, 2, 3, 4, 5]),
  registered: numbered('terminal.registered', [1, 2]),
  manufacturer: MANUFACTURERS.map((m) => ({ value: m, label: m })),
});

export const ONLINE_COLOURS: Record<number, string> = { 1: 'success', 2: 'default', 3: 'error' };
export const STATUS_COLOURS: Record<number, string> = { 1: 'default', 2: 'blue', 3: 'green', 4: 'orange', 5: 'red' };
