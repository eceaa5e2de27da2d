import { addSheet, newWorkbook, workbookBuffer } from '../../storage/workbook.js';
import type { DictDataRow } from './dict-data-repository.js';

/** Export columns; each header carries its Chinese and English name. */
const COLUMNS: Array<{ key: keyof DictDataRow; zh: string; en: string; width: number }> = [
  { key: 'dictCode', zh: '字典编码', en: 'Code', width: 12 },
  { key: 'dictType', zh: '字典类型', en: 'Type', width: 24 },
  { key: 'dictLabel', zh: '字典标签', en: 'Label', width: 20 },
  { key: 'dictLabelEn', zh: '英文标签', en: 'English label', width: 24 },
  { key: 'dictValue', zh: '字典键值', en: 'Value', width: 14 },
  { key: 'dictSort', zh: '排序', en: 'Sort', width: 10 },
  { key: 'listClass', zh: '标签样式', en: 'Tag style', width: 14 },
  { key: 'isDefault', zh: '是否默认', en: 'Default', width: 12 },
  { key: 'status', zh: '状态', en: 'Status', width: 10 },
  { key: 'remark', zh: '备注', en: 'Remark', width: 30 },
];

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function dictWorkbook(rows: DictDataRow[]): Promise<Buffer> {
  const workbook = await newWorkbook();
  const sheet = addSheet(workbook, 'dict-data', COLUMNS.map((c) => ({ header: `${c.zh} / ${c.en}`, key: c.key, width: c.width })));
  for (const row of rows) sheet.addRow(Object.fromEntries(COLUMNS.map((c) => [c.key, row[c.key]])));
  return workbookBuffer(workbook);
}
