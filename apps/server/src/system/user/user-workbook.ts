import ExcelJS from 'exceljs';
import type { SysUser } from '@sl/contracts';
import { badRequest, text } from '../../http/errors.js';
import { CellTooLong, readFirstSheet } from '../../storage/xlsx-first-sheet.js';
import { zipExpansion } from '../../storage/zip-budget.js';
import { ZipTooLarge } from '../../storage/zip-entries.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Columns of the import template, in order; headers are bilingual so one file serves both languages. */
export const IMPORT_COLUMNS = [
  { key: 'username', header: '用户名 Username', width: 18 },
  { key: 'nickName', header: '昵称 Nick name', width: 18 },
  { key: 'password', header: '初始密码 Initial password', width: 22 },
  { key: 'phone', header: '手机 Phone', width: 16 },
  { key: 'email', header: '邮箱 E-mail', width: 24 },
  { key: 'deptId', header: '部门编号 Department ID', width: 20 },
  { key: 'roleKeys', header: '角色标识 Role keys (a,b)', width: 24 },
  { key: 'status', header: '状态 Status (2 normal, 1 disabled)', width: 30 },
] as const;

const EXPORT_COLUMNS = [
  { key: 'userId', header: '用户编号 User ID', width: 14 },
  { key: 'username', header: '用户名 Username', width: 18 },
  { key: 'nickName', header: '昵称 Nick name', width: 18 },
  { key: 'deptName', header: '部门 Department', width: 20 },
  { key: 'phone', header: '手机 Phone', width: 16 },
  { key: 'email', header: '邮箱 E-mail', width: 24 },
  { key: 'roles', header: '角色 Roles', width: 20 },
  { key: 'status', header: '状态 Status', width: 14 },
  { key: 'createdAt', header: '创建时间 Created', width: 22 },
];

async function toBuffer(wb: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function sheet(wb: ExcelJS.Workbook, name: string, columns: ReadonlyArray<{ key: string; header: string; width: number }>) {
  const ws = wb.addWorksheet(name);
  ws.columns = columns.map((c) => ({ ...c }));
  ws.getRow(1).font = { bold: true };
  return ws;
}

export function exportUsers(users: SysUser[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = sheet(wb, 'users', EXPORT_COLUMNS);
  for (const u of users) {
    ws.addRow({
      ...u,
      roles: u.roleNames.join(', '),
      status: u.status === '2' ? '正常 Normal' : '停用 Disabled',
      createdAt: u.createdAt.replace('T', ' ').slice(0, 19),
    });
  }
  return toBuffer(wb);
}

/** What each import column holds, shown on the template's help sheet beside an example value. */
const COLUMN_HELP: Record<(typeof IMPORT_COLUMNS)[number]['key'], string> = {
  // The rule of usernameField (packages/contracts/src/system/user.ts), which checks every row.
  username: '必填，2-64 位字母、数字或 _ . @ - Required, 2-64 letters, digits or _ . @ -',
  nickName: '必填 Required',
  password: '必填，须符合密码策略（默认至少 8 位，不能是常见密码、同一字符重复或用户名）；用户首次登录后应修改 Required, must pass the password policy (by default at least 8 characters, not a common password, one character repeated or the username); to be changed after the first sign-in',
  phone: '可选 Optional',
  email: '可选 Optional',
  deptId: '必填，部门管理中的编号 Required, the number shown in Departments',
  roleKeys: '必填，多个以逗号分隔 Required, several separated by commas',
  status: '可选，默认 2 Optional, 2 when empty',
};

/** The example the template shows; earlier templates carried it as a data row, which the importer skips. */
const TEMPLATE_EXAMPLE: ImportCells = { username: 'zhangsan', nickName: '张三', password: 'Change-me-123', phone: '13800000000', email: '', deptId: '2', roleKeys: 'editor', status: '2' };

/** The import template: an empty user sheet, read by the importer, and a help sheet it never reads. */
export function importTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  sheet(wb, 'users', IMPORT_COLUMNS);
  const help = sheet(wb, '说明 Help', [
    { key: 'column', header: '列 Column', width: 30 },
    { key: 'help', header: '说明 Description', width: 70 },
    { key: 'example', header: '示例 Example', width: 18 },
  ]);
  help.addRow({ column: '只导入第一个工作表 users 中第 2 行起的内容 Only rows 2 and below of the first sheet, users, are imported' });
  for (const c of IMPORT_COLUMNS) help.addRow({ column: c.header, help: COLUMN_HELP[c.key], example: TEMPLATE_EXAMPLE[c.key] });
  return toBuffer(wb);
}

const isTemplateExample = (cells: ImportCells) => IMPORT_COLUMNS.every((c) => cells[c.key] === TEMPLATE_EXAMPLE[c.key]);

export type ImportCells = Record<(typeof IMPORT_COLUMNS)[number]['key'], string>;

/** What an uploaded workbook may unpack to: 5,000 rows take a few MB, a zip bomb gigabytes. */
const MAX_UNPACKED_MB = 50;
/** Longer than any column of the import allows, short enough that 5,000 rows stay small. */
const MAX_CELL_CHARS = 1000;

/**
 * Reads the first sheet of an uploaded workbook into rows of trimmed strings, keyed by column; row
 * numbers are the sheet's. Empty rows and the template's example are left out. The sheet is read
 * as a stream and left once more than `maxRows` rows are found, which is a 400 like a file that is
 * not a workbook, one that would unpack past MAX_UNPACKED_MB, or one with an overlong cell.
 */
export async function readImportRows(data: Buffer, maxRows: number): Promise<Array<{ row: number; cells: ImportCells }>> {
  const expansion = await zipExpansion(data, MAX_UNPACKED_MB * 1024 * 1024);
  if (expansion === 'tooLarge') throw badRequest(text('http.archiveTooLarge', { limit: MAX_UNPACKED_MB }));
  if (expansion === 'unreadable') throw badRequest(text('system.workbookUnreadable'));
  // One row past the limit: room for the example row of earlier templates beside a full sheet.
  const sheet = await readFirstSheet(data, {
    columns: IMPORT_COLUMNS.length,
    firstRow: 2,
    maxRows: maxRows + 1,
    maxCellChars: MAX_CELL_CHARS,
    maxUnpackedBytes: MAX_UNPACKED_MB * 1024 * 1024,
  }).catch((err: unknown) => {
    if (err instanceof CellTooLong) {
      throw badRequest(text('system.workbookCellTooLong', { row: err.row, column: IMPORT_COLUMNS[err.column - 1].header, max: MAX_CELL_CHARS }));
    }
    if (err instanceof ZipTooLarge) throw badRequest(text('http.archiveTooLarge', { limit: MAX_UNPACKED_MB }));
    throw badRequest(text('system.workbookUnreadable'));
  });
  const rows = sheet.rows
    .map(({ row, cells }) => ({ row, cells: Object.fromEntries(IMPORT_COLUMNS.map((c, i) => [c.key, cells[i]])) as ImportCells }))
    .filter(({ cells }) => !isTemplateExample(cells));
  if (sheet.more || rows.length > maxRows) throw badRequest(text('system.workbookTooMany', { n: maxRows }));
  return rows;
}
