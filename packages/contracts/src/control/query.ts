import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { id } from '../api/fields.js';
import { DEVICE_FAMILIES } from '../enums.js';
import { queryText } from '../device/terminal-fields.js';

/** The terminal picker: server-side search over the caller's scope, narrowed by department or area set. */
export const terminalPickQuery = pageQuery.extend({
  keyword: queryText('keyword', 64),
  deptId: id('deptId').optional(),
  areaId: id('areaId').optional(),
  family: z.enum(DEVICE_FAMILIES).optional(),
  model: z.coerce.number().pipe(z.literal([1, 2])).optional(),
});
export interface PickedTerminal {
  terminalId: number;
  name: string;
  sn: string;
  family: string;
  model: number;
  deptId: number | null;
  deptName: string | null;
  onlineState: number;
  controlMode: string;
}
/** The picker's tree: departments in scope with their terminal counts, and each department's area sets. */
export interface PickerTreeNode {
  key: string;
  title: string;
  deptId?: number;
  areaId?: number;
  count: number;
  children?: PickerTreeNode[];
}
/** Manual/auto overview (`/queryManautoData`): terminals by control mode and lit state. */
export interface ManautoOverview {
  total: number;
  manual: number;
  auto: number;
  online: number;
  bound: number;
  overridden: number;
}
