import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { id, optionalText, requiredText } from '../api/fields.js';
import { idArray, latField, lngField, queryId, queryText } from './terminal-fields.js';

/** A cabinet or pole box that terminals are mounted in. */
export interface TerminalBox {
  boxId: number;
  name: string;
  code: string;
  deptId: number | null;
  deptName: string;
  area: string;
  address: string;
  lng: number | null;
  lat: number | null;
  remark: string;
  terminalCount: number;
  createdAt: string;
  updatedAt: string;
}

export const boxInput = z.object({
  name: requiredText('name', 64),
  code: requiredText('code', 64).regex(/^[A-Za-z0-9_-]+$/, 'code must hold only letters, digits, - and _'),
  deptId: id('deptId'),
  area: optionalText('area', 128),
  address: optionalText('address', 255),
  lng: lngField,
  lat: latField,
  remark: optionalText('remark', 255),
});
export type BoxInput = z.input<typeof boxInput>;
export const boxUpdate = boxInput.extend({ boxId: id('boxId') });
export type BoxUpdate = z.input<typeof boxUpdate>;

export const boxQuery = pageQuery.extend({ name: queryText('name', 64), code: queryText('code', 64), deptId: queryId('deptId') });
export type BoxQuery = z.input<typeof boxQuery>;

export const boxMount = z.object({ boxId: id('boxId'), terminalIds: idArray('terminalIds') });
export const boxUnmount = z.object({ terminalIds: idArray('terminalIds') });
/** Mounted terminals, of one box when `boxId` is given. */
export const boxMountQuery = pageQuery.extend({ boxId: queryId('boxId') });
