import { addSheet, newWorkbook, workbookBuffer } from '../../storage/workbook.js';
import type { TerminalListItem } from '@sl/contracts';

/** Bilingual headers and labels, so one file serves both languages (as the user export does). */
const COLUMNS = [
  { key: 'terminalId', header: '终端ID Terminal ID', width: 12 },
  { key: 'sn', header: '终端编号 Serial number', width: 18 },
  { key: 'name', header: '终端名称 Name', width: 22 },
  { key: 'family', header: '协议族 Family', width: 10 },
  { key: 'model', header: '型号 Model', width: 22 },
  { key: 'online', header: '在线状态 Online', width: 14 },
  { key: 'lamp', header: '灯状态 Lamp', width: 12 },
  { key: 'dim', header: '亮度 Dim (%)', width: 10 },
  { key: 'lastSeenAt', header: '最后心跳 Last heartbeat', width: 22 },
  { key: 'status', header: '终端状态 Status', width: 18 },
  { key: 'deptName', header: '部门 Department', width: 18 },
  { key: 'manufacturer', header: '厂商 Manufacturer', width: 12 },
  { key: 'imsi', header: 'IMSI', width: 18 },
  { key: 'address', header: '地址 Address', width: 28 },
];
const MODEL: Record<number, string> = { 1: '集中控制器 Cabinet', 2: '单灯控制器 Single lamp' };
const ONLINE: Record<number, string> = { 1: '在线 Online', 2: '离线 Offline', 3: '异常 Abnormal' };
const STATUS: Record<number, string> = { 1: '出厂 In factory', 2: '入库 Warehouse', 3: '使用中 In use', 4: '维修中 Under repair', 5: '报废 Scrapped' };

export async function terminalWorkbook(rows: TerminalListItem[]): Promise<Buffer> {
  const wb = await newWorkbook();
  const ws = addSheet(wb, 'terminals', COLUMNS);
  for (const r of rows) {
    ws.addRow({
      ...r,
      model: MODEL[r.model],
      online: ONLINE[r.onlineState],
      lamp: r.lampOn === null ? '' : r.lampOn ? '开 On' : '关 Off',
      dim: r.dim ?? '',
      lastSeenAt: r.lastSeenAt ?? '',
      status: STATUS[r.status],
    });
  }
  return workbookBuffer(wb);
}
