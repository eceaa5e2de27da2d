import { formatMessage, lampAssetInput, TerminalModel, type Locale, type MessageKey, type MessageParams } from '@sl/contracts';
import { z } from 'zod';
import { describeValidation } from '../http/validation-message.js';
import type { Principal } from '../system/access/principal.js';
import type { LampAssetInsert, LampAssetRepository } from './lamp-asset-repository.js';
import type { LampTypeRepository } from './lamp-type-repository.js';
import type { LampCells } from './lamp-workbook.js';

export const MAX_LAMP_IMPORT_ROWS = 10_000;

export interface LampImportResult {
  imported: number;
  created: number;
  updated: number;
  errors: Array<{ row: number; messages: string[] }>;
}

const intCell = (v: unknown) => (v === '' ? null : typeof v === 'string' && /^-?\d+(\.0+)?$/.test(v) ? Number(v) : v);
/** A date cell as ExcelJS reads it (YYYY-MM-DD, or a date-time whose day is taken). */
const dateCell = (v: unknown) => (v === '' ? null : typeof v === 'string' ? v.slice(0, 10) : v);

const rowSchema = z.object({
  poleNo: lampAssetInput.shape.poleNo,
  lampType: z.string().min(1, 'lampType is required'),
  terminalSn: z.string().max(32),
  loop: z.preprocess(intCell, lampAssetInput.shape.loop),
  lampCount: z.preprocess((v) => (v === '' ? 1 : intCell(v)), lampAssetInput.shape.lampCount),
  dept: z.string(),
  installDate: z.preprocess(dateCell, lampAssetInput.shape.installDate),
  warrantyEnd: z.preprocess(dateCell, lampAssetInput.shape.warrantyEnd),
  supplier: lampAssetInput.shape.supplier,
  remark: lampAssetInput.shape.remark,
}).refine((r) => !r.installDate || !r.warrantyEnd || r.warrantyEnd >= r.installDate, { message: 'warrantyEnd must not be before installDate', path: ['warrantyEnd'] });

export interface LampImportContext {
  lamps: LampAssetRepository;
  types: LampTypeRepository;
}

/**
 * Validates every row before writing any, then writes all in one transaction: a row whose pole, controller and
 * circuit name an existing record in the caller's scope updates it, the others are created. Refused: unknown lamp
 * types, controllers and departments (outside the scope counts as unknown), circuits on single-lamp controllers,
 * repeats inside the file, and records that exist outside the caller's scope.
 */
export async function importLamps(ctx: LampImportContext, p: Principal, rows: Array<{ row: number; cells: LampCells }>, locale: Locale): Promise<LampImportResult> {
  const errors: LampImportResult['errors'] = [];
  const add = (row: number, message: string) => (errors.find((e) => e.row === row) ?? errors[errors.push({ row, messages: [] }) - 1]).messages.push(message);
  const say = (key: MessageKey, params?: MessageParams) => formatMessage(key, locale, params);
  const parsed = rows.map(({ row, cells }) => ({ row, result: rowSchema.safeParse(cells) }));
  for (const { row, result } of parsed) {
    if (result.success) continue;
    for (const issue of result.error.issues) add(row, describeValidation('body', [{ instancePath: `/${issue.path.join('/')}`, message: issue.message, keyword: issue.code, params: issue as never }], locale));
  }
  const valid = parsed.flatMap(({ row, result }) => (result.success ? [{ row, data: result.data }] : []));
  const types = new Map((await ctx.types.all()).map((t) => [`${t.manufacturer} ${t.model}`.toLowerCase(), t.lampTypeId]));
  const terminals = new Map((await ctx.lamps.terminalsBySn(p, [...new Set(valid.map((v) => v.data.terminalSn).filter(Boolean))])).map((t) => [t.sn, t]));
  const findDept = deptByNameOrPath(await ctx.lamps.deptsInScope(p));
  const existing = await ctx.lamps.keyed([...new Set(valid.map((v) => v.data.poleNo))]);
  const visible = new Set((await ctx.lamps.visibleIds(p, existing.map((e) => e.assetId))).map((r) => r.id));
  const keyOf = (poleNo: string, terminalId: number | null, loop: number | null) => `${poleNo}/${terminalId ?? 0}/${loop ?? 0}`;
  const byKey = new Map(existing.map((e) => [keyOf(e.poleNo, e.terminalId, e.loop), e]));
  const seen = new Map<string, number>();
  const creates: LampAssetInsert[] = [];
  const updates: Array<{ assetId: number; values: LampAssetInsert }> = [];
  for (const { row, data } of valid) {
    const lampTypeId = types.get(data.lampType.replace(/\s+/g, ' ').toLowerCase());
    if (!lampTypeId) add(row, say('asset.importUnknownType', { name: data.lampType }));
    const terminal = data.terminalSn ? terminals.get(data.terminalSn) : undefined;
    if (data.terminalSn && !terminal) add(row, say('asset.importUnknownTerminal', { sn: data.terminalSn }));
    if (data.loop !== null && terminal?.model !== TerminalModel.centralised && (terminal || !data.terminalSn)) add(row, say('asset.loopNeedsCabinet'));
    let deptId = terminal?.deptId ?? null;
    if (data.dept) {
      const found = findDept(data.dept);
      if (found === undefined) add(row, say('asset.importUnknownDept', { name: data.dept }));
      else deptId = found;
    }
    const key = keyOf(data.poleNo, terminal?.terminalId ?? null, data.loop);
    const first = seen.get(key);
    if (first !== undefined) add(row, say('asset.importRepeated', { row: first }));
    else seen.set(key, row);
    const before = byKey.get(key);
    if (before && !visible.has(before.assetId)) add(row, say('asset.duplicate', { poleNo: data.poleNo }));
    if (errors.some((e) => e.row === row) || !lampTypeId) continue;
    const values: LampAssetInsert = {
      poleNo: data.poleNo, lampTypeId, terminalId: terminal?.terminalId ?? null, loop: data.loop, lampCount: data.lampCount, deptId,
      installDate: data.installDate, warrantyEnd: data.warrantyEnd, supplier: data.supplier, remark: data.remark,
    };
    if (before) updates.push({ assetId: before.assetId, values });
    else creates.push(values);
  }
  if (errors.length) return { imported: 0, created: 0, updated: 0, errors: errors.sort((a, b) => a.row - b.row) };
  await ctx.lamps.transaction(async (tx) => {
    for (let i = 0; i < creates.length; i += 1000) await tx.insertMany(creates.slice(i, i + 1000));
    for (const u of updates) await tx.update(u.assetId, u.values);
  });
  return { imported: creates.length + updates.length, created: creates.length, updated: updates.length, errors: [] };
}


interface DeptLike {
  deptId: number;
  parentId: number;
  deptName: string;
}

/** Each department's path of names ("路灯管理中心/运维一部") among those given, as the export writes it. */
export function deptPaths(depts: DeptLike[]): Map<number, string> {
  const byId = new Map(depts.map((d) => [d.deptId, d]));
  const pathOf = (d: DeptLike, depth: number): string => {
    const parent = byId.get(d.parentId);
    return parent && depth < 20 ? `${pathOf(parent, depth + 1)}/${d.deptName}` : d.deptName;
  };
  return new Map(depts.map((d) => [d.deptId, pathOf(d, 0)]));
}

/** A department by its full path, or by its name where that is unique. */
function deptByNameOrPath(depts: DeptLike[]): (cell: string) => number | undefined {
  const paths = [...deptPaths(depts)];
  return (cell) => {
    const wanted = cell.split(/[/／]/).map((s) => s.trim()).filter(Boolean).join('/');
    const exact = paths.filter(([, path]) => path === wanted);
    if (exact.length === 1) return exact[0][0];
    const named = paths.filter(([, path]) => path.endsWith(`/${wanted}`) || path === wanted);
    return named.length === 1 ? named[0][0] : undefined;
  };
}
