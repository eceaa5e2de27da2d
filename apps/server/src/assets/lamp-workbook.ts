import type { LampAsset } from '@sl/contracts';
import { badRequest, text } from '../http/errors.js';
import { addSheet, newWorkbook, workbookBuffer } from '../storage/workbook.js';
import { CellTooLong, readFirstSheet } from '../storage/xlsx-first-sheet.js';
import { zipExpansion } from '../storage/zip-budget.js';
import { ZipTooLarge } from '../storage/zip-entries.js';

/** Columns of the export, the import and its template, in order (read by position); bilingual headers. */
export const LAMP_COLUMNS = [
  { key: 'poleNo', header: '灯杆编号 Pole number', width: 16 },
  { key: 'lampType', header: '灯具类型 Lamp type', width: 26 },
  { key: 'terminalSn', header: '终端编号 Controller', width: 18 },
  { key: 'loop', header: '回路 Circuit', width: 10 },
  { key: 'lampCount', header: '灯数 Lamps', width: 10 },
  { key: 'dept', header: '部门 Department', width: 26 },
  { key: 'installDate', header: '安装日期 Installed', width: 14 },
  { key: 'warrantyEnd', header: '质保到期 Warranty end', width: 16 },
  { key: 'supplier', header: '供应商 Supplier', width: 18 },
  { key: 'remark', header: '备注 Remark', width: 24 },
] as const;
export type LampCells = Record<(typeof LAMP_COLUMNS)[number]['key'], string>;

const HELP: Record<keyof LampCells, string> = {
  poleNo: '必填，字母、数字或 - _ . / Required: letters, digits or - _ . /',
  lampType: '必填，“厂家 型号”，须已在灯具类型中 Required: "manufacturer model", as in the lamp-type catalogue',
  terminalSn: '可选，单灯或集中控制器的编号 Optional: the serial number of the single-lamp or cabinet controller',
  loop: '可选，集中控制器的回路 1-16 Optional: the cabinet circuit, 1-16',
  lampCount: '可选，默认 1 Optional, 1 when empty',
  dept: '可选，部门名称或路径；留空取终端的部门 Optional: the department\'s name or path; the controller\'s when empty',
  installDate: '可选，YYYY-MM-DD Optional, YYYY-MM-DD',
  warrantyEnd: '可选，YYYY-MM-DD，不早于安装日期 Optional, YYYY-MM-DD, not before the installation',
  supplier: '可选 Optional',
  remark: '可选 Optional',
};

/** The records in the import's columns: an export imports as it is (matched by pole, controller and circuit). */
export async function exportLamps(lamps: LampAsset[], deptPaths: Map<number, string>): Promise<Buffer> {
  const wb = await newWorkbook();
  const ws = addSheet(wb, 'lamps', LAMP_COLUMNS);
  for (const l of lamps) {
    const row: LampCells = {
      poleNo: l.poleNo, lampType: l.typeName, terminalSn: l.terminalSn ?? '', loop: l.loop === null ? '' : String(l.loop), lampCount: String(l.lampCount),
      dept: (l.deptId !== null ? deptPaths.get(l.deptId) : undefined) ?? l.deptName ?? '', installDate: l.installDate ?? '', warrantyEnd: l.warrantyEnd ?? '',
      supplier: l.supplier, remark: l.remark,
    };
    ws.addRow(row);
  }
  return workbookBuffer(wb);
}

/** The template: an empty sheet the importer reads and a help sheet it never reads. */
export async function lampTemplate(): Promise<Buffer> {
  const wb = await newWorkbook();
  addSheet(wb, 'lamps', LAMP_COLUMNS);
  const help = addSheet(wb, '说明 Help', [{ key: 'column', header: '列 Column', width: 24 }, { key: 'help', header: '说明 Description', width: 80 }]);
  help.addRow({ column: '只导入第一个工作表中第 2 行起的内容，全部正确才写入 Rows 2 and below of the first sheet; nothing is written unless every row is valid' });
  for (const c of LAMP_COLUMNS) help.addRow({ column: c.header, help: HELP[c.key] });
  return workbookBuffer(wb);
}

const MAX_UNPACKED_MB = 50;
const MAX_CELL_CHARS = 300;

/** The first sheet's rows of trimmed strings by column; a file that is not a workbook, too large or with too many rows is a 400. */
export async function readLampRows(data: Buffer, maxRows: number): Promise<Array<{ row: number; cells: LampCells }>> {
  const expansion = await zipExpansion(data, MAX_UNPACKED_MB * 1024 * 1024);
  if (expansion === 'tooLarge') throw badRequest(text('http.archiveTooLarge', { limit: MAX_UNPACKED_MB }));
  if (expansion === 'unreadable') throw badRequest(text('system.workbookUnreadable'));
  const read = await readFirstSheet(data, { columns: LAMP_COLUMNS.length, firstRow: 2, maxRows, maxCellChars: MAX_CELL_CHARS, maxUnpackedBytes: MAX_UNPACKED_MB * 1024 * 1024 }).catch((err: unknown) => {
    if (err instanceof CellTooLong) throw badRequest(text('system.workbookCellTooLong', { row: err.row, column: LAMP_COLUMNS[err.column - 1].header, max: MAX_CELL_CHARS }));
    if (err instanceof ZipTooLarge) throw badRequest(text('http.archiveTooLarge', { limit: MAX_UNPACKED_MB }));
    throw badRequest(text('system.workbookUnreadable'));
  });
  if (read.more) throw badRequest(text('system.workbookTooMany', { n: maxRows }));
  return read.rows.map(({ row, cells }) => ({ row, cells: Object.fromEntries(LAMP_COLUMNS.map((c, i) => [c.key, cells[i]])) as LampCells }));
}
