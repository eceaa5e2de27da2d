import type { Workbook } from 'exceljs';

/**
 * A new workbook. exceljs is loaded on the first export, not at start: loading it cost every start of the server
 * 0.5–0.7 CPU-s.
 */
export async function newWorkbook(): Promise<Workbook> {
  const { default: Excel } = await import('exceljs');
  return new Excel.Workbook();
}

/** A sheet with these columns and a bold header row. */
export function addSheet(wb: Workbook, name: string, columns: ReadonlyArray<{ key: string; header: string; width: number }>) {
  const ws = wb.addWorksheet(name);
  ws.columns = columns.map((c) => ({ ...c }));
  ws.getRow(1).font = { bold: true };
  return ws;
}

export const workbookBuffer = async (wb: Workbook): Promise<Buffer> => Buffer.from(await wb.xlsx.writeBuffer());
