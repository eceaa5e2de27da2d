import { addSheet, newWorkbook, workbookBuffer } from '../storage/workbook.js';
import type { EnergyReport, OperationsReport } from '@sl/contracts';

const ENERGY_COLUMNS = [
  { key: 'label', header: '名称 Name', width: 24 },
  { key: 'terminals', header: '终端 Lamps', width: 10 },
  { key: 'kwh', header: '电量 kWh', width: 12 },
  { key: 'baselineKwh', header: '基准电量 Baseline kWh', width: 16 },
  { key: 'savingKwh', header: '节电 Saving kWh', width: 14 },
  { key: 'dimmingSavingKwh', header: '调光节电 Dimming kWh', width: 16 },
  { key: 'shorterBurningSavingKwh', header: '缩时节电 Shorter burning kWh', width: 18 },
  { key: 'cost', header: '电费 Cost', width: 12 },
  { key: 'co2Kg', header: '碳排放 CO₂ kg', width: 12 },
  { key: 'burnHours', header: '亮灯时长 Burn h', width: 14 },
  { key: 'lightingRate', header: '亮灯率 Lighting rate', width: 14 },
  { key: 'onlineRate', header: '在线率 Online rate', width: 14 },
  { key: 'lastYearKwh', header: '去年同期 Last year kWh', width: 16 },
];

/** The energy report's rows and total as .xlsx, bilingual headers so one file serves both languages. */
export async function energyWorkbook(report: EnergyReport): Promise<Buffer> {
  const wb = await newWorkbook();
  const ws = addSheet(wb, 'energy', ENERGY_COLUMNS);
  for (const row of report.rows) ws.addRow({ ...row, label: row.label || row.key });
  ws.addRow({ ...report.total, label: '合计 Total' }).font = { bold: true };
  return workbookBuffer(wb);
}

/** The operations report as .xlsx: the places of its level, the lamps, repair times, open alarms by age, and the lighting rate by day and hour. */
export async function operationsWorkbook(report: OperationsReport): Promise<Buffer> {
  const wb = await newWorkbook();
  const places = addSheet(wb, 'places', [
    { key: 'key', header: '编号 Key', width: 12 },
    { key: 'label', header: '名称 Name', width: 24 },
    { key: 'terminals', header: '灯数 Lamps', width: 10 },
    { key: 'lightingRate', header: '亮灯率 Lighting rate', width: 14 },
    { key: 'onlineRate', header: '在线率 Online rate', width: 14 },
    { key: 'failureRate', header: '故障率 Failure rate', width: 14 },
    { key: 'faults', header: '故障 Faults', width: 10 },
    { key: 'burnHours', header: '亮灯时长 Burn h', width: 14 },
    { key: 'switches', header: '开灯次数 Switch-ons', width: 14 },
    { key: 'openAlarms', header: '未处理告警 Open alarms', width: 16 },
  ]);
  for (const r of report.rows) places.addRow(r);
  const lamps = addSheet(wb, 'lamps', [
    { key: 'terminalId', header: '终端编号 Terminal id', width: 12 },
    { key: 'name', header: '名称 Name', width: 24 },
    { key: 'burnHours', header: '亮灯时长 Burn h', width: 14 },
    { key: 'switches', header: '开灯次数 Switch-ons', width: 14 },
    { key: 'lightingRate', header: '亮灯率 Lighting rate', width: 14 },
  ]);
  for (const l of report.lamps) lamps.addRow(l);
  const repairs = addSheet(wb, 'repairs', [
    { key: 'by', header: '维度 By', width: 12 },
    { key: 'label', header: '名称 Name', width: 24 },
    { key: 'alarms', header: '告警 Alarms', width: 10 },
    { key: 'meanAckMinutes', header: '平均响应 Mean ack min', width: 18 },
    { key: 'meanRepairMinutes', header: '平均修复 Mean repair min', width: 18 },
  ]);
  for (const r of report.repairByDept) repairs.addRow({ ...r, by: '部门 Department', label: r.label || (r.key === '0' ? '无部门 No department' : r.key) });
  for (const r of report.repairByRepairer) repairs.addRow({ ...r, by: '维修员 Repairer', label: r.label || (r.key === '0' ? '未指派 No repairer assigned' : r.key) });
  const open = addSheet(wb, 'open-alarms', [
    { key: 'bucket', header: '未关闭时长 Open for', width: 16 },
    { key: 'count', header: '告警 Alarms', width: 10 },
  ]);
  for (const b of report.openByAge) open.addRow(b);
  const heat = addSheet(wb, 'lighting-rate', [{ key: 'day', header: '日期 Day', width: 12 }, ...Array.from({ length: 24 }, (_, h) => ({ key: `h${h}`, header: `${h}:00`, width: 7 }))]);
  const byDay = new Map<string, Record<string, unknown>>();
  for (const c of report.heatMap) byDay.set(c.day, { ...(byDay.get(c.day) ?? { day: c.day }), [`h${c.hour}`]: c.rate });
  for (const row of byDay.values()) heat.addRow(row);
  return workbookBuffer(wb);
}
