import type { SysUser } from '@sl/contracts';
import { badRequest, text } from '../../http/errors.js';
import { addSheet, newWorkbook, workbookBuffer } from '../../storage/workbook.js';
import { CellTooLong, readFirstSheet } from '../../storage/xlsx-first-sheet.js';
import { zipExpansion } from '../../storage/zip-budget.js';
import { ZipTooLarge } from '../../storage/zip-entries.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Columns of the export, the import and its template, in order (the import reads them by position,
 * in the order of earlier templates); headers are bilingual so one file serves both languages.
 */
export const IMPORT_COLUMNS = [
  { key: 'username', header: '用户名 Username', width: 18 },
  { key: 'nickName', header: '昵称 Nick name', width: 18 },
  { key: 'password', header: '初始密码 Initial password', width: 22 },
  { key: 'phone', header: '手机 Phone', width: 16 },
  { key: 'email', header: '邮箱 E-mail', width: 24 },
  { key: 'dept', header: '部门 Department', width: 28 },
  { key: 'roles', header: '角色 Roles', width: 24 },
  { key: 'status', header: '状态 Status', width: 14 },
] as const;

/** How the export writes a status; the import reads these, their halves and the codes 2 and 1. */
export const STATUS_LABELS = { '2': '正常 Normal', '1': '停用 Disabled' } as const;

/** The users in the import's columns, without passwords; `deptPaths` names each department by its path. */
export async function exportUsers(users: SysUser[], deptPaths: Map<number, string>): Promise<Buffer> {
  const wb = await newWorkbook();
  const ws = addSheet(wb, 'users', IMPORT_COLUMNS);
  for (const u of users) {
    const row: ImportCells = {
      username: u.username,
      nickName: u.nickName,
      password: '',
      phone: u.phone,
      email: u.email,
      dept: (u.deptId !== null ? deptPaths.get(u.deptId) : undefined) ?? u.deptName,
      roles: u.roleNames.join(', '),
      status: STATUS_LABELS[u.status] ?? u.status,
    };
    ws.addRow(row);
  }
  return workbookBuffer(wb);
}

/** What each import column holds, shown on the template's help sheet beside an example value. */
const COLUMN_HELP: Record<(typeof IMPORT_COLUMNS)[number]['key'], string> = {
  // The rule of usernameField (packages/contracts/src/system/user.ts), which checks every row.
  username: '必填，2-64 位字母、数字或 _ . @ - Required, 2-64 letters, digits or _ . @ -',
  nickName: '必填 Required',
  password:
    '可选，仅用于新建的用户，须符合密码策略（默认至少 8 位，不能是常见密码、同一字符重复或用户名）；留空则新用户无法登录，直到管理员重置其密码；已有用户的密码从不修改 ' +
    'Optional, used only for new users, must pass the password policy (by default at least 8 characters, not a common password, one character repeated or the username); ' +
    "when empty a new user cannot sign in until an administrator resets the password; an existing user's password is never changed",
  phone: '可选 Optional',
  email: '可选 Optional',
  dept: '必填，部门名称或路径（如“路灯管理中心/运维一部”），重名时填路径 Required, the department\'s name or path (e.g. "路灯管理中心/运维一部"); the path where names repeat',
  roles: '必填，角色名称，多个以逗号分隔 Required, role names, several separated by commas',
  status: '可选，正常或停用，默认正常 Optional, Normal or Disabled, Normal when empty',
};

/** The example the template shows; earlier templates carried it as a data row, which the importer skips. */
const TEMPLATE_EXAMPLE: ImportCells = { username: 'zhangsan', nickName: '张三', password: 'Change-me-123', phone: '13800000000', email: '', dept: '路灯管理中心/运维一部', roles: '运维人员', status: STATUS_LABELS['2'] };
/** The example row that earlier templates put on the user sheet, which the importer also skips. */
const LEGACY_EXAMPLE: ImportCells = { ...TEMPLATE_EXAMPLE, dept: '2', roles: 'editor', status: '2' };

/** The import template: an empty user sheet, read by the importer, and a help sheet it never reads. */
export async function importTemplate(): Promise<Buffer> {
  const wb = await newWorkbook();
  addSheet(wb, 'users', IMPORT_COLUMNS);
  const help = addSheet(wb, '说明 Help', [
    { key: 'column', header: '列 Column', width: 30 },
    { key: 'help', header: '说明 Description', width: 70 },
    { key: 'example', header: '示例 Example', width: 18 },
  ]);
  help.addRow({ column: '只导入第一个工作表 users 中第 2 行起的内容 Only rows 2 and below of the first sheet, users, are imported' });
  help.addRow({
    column: '导出的文件可直接导入：按用户名匹配，已有用户只更新有变化的字段，其余新建 An export imports as it is: users are matched by user name, existing ones get only the fields that differ, the others are created',
  });
  for (const c of IMPORT_COLUMNS) help.addRow({ column: c.header, help: COLUMN_HELP[c.key], example: TEMPLATE_EXAMPLE[c.key] });
  return workbookBuffer(wb);
}

const isTemplateExample = (cells: ImportCells) =>
  [TEMPLATE_EXAMPLE, LEGACY_EXAMPLE].some((example) => IMPORT_COLUMNS.every((c) => cells[c.key] === example[c.key]));

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
