import ExcelJS from 'exceljs';
import type { SysUser } from '@sl/contracts';

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

export function importTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = sheet(wb, 'users', IMPORT_COLUMNS);
  ws.addRow({ username: 'zhangsan', nickName: '张三', password: 'Change-me-123', phone: '13800000000', email: '', deptId: 2, roleKeys: 'editor', status: '2' });
  return toBuffer(wb);
}

export type ImportCells = Record<(typeof IMPORT_COLUMNS)[number]['key'], string>;

/** Reads the first sheet of an uploaded workbook into rows of trimmed strings, keyed by column; row numbers are the sheet's. */
export async function readImportRows(data: Buffer): Promise<Array<{ row: number; cells: ImportCells }>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) return [];
  const rows: Array<{ row: number; cells: ImportCells }> = [];
  ws.eachRow((r, rowNumber) => {
    if (rowNumber === 1) return;
    const cells = Object.fromEntries(IMPORT_COLUMNS.map((c, i) => [c.key, cellText(r.getCell(i + 1).value)])) as ImportCells;
    if (Object.values(cells).some((v) => v !== '')) rows.push({ row: rowNumber, cells });
  });
  return rows;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'text' in value) return String(value.text).trim();
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '').trim();
  return String(value).trim();
}
