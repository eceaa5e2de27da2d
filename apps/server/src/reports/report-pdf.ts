import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { EnergyReport, Locale, OperationsReport } from '@sl/contracts';

/** CJK fonts looked for on the machine (Debian's fonts-noto-cjk, then others); without one the PDF falls back to Helvetica (no Chinese). */
const CJK_FONTS: Array<[file: string, name: string]> = [
  ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', 'NotoSansCJKsc-Regular'],
  ['/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', 'NotoSansCJKsc-Regular'],
  ['/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc', 'NotoSansCJKsc-Regular'],
  ['/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', 'WenQuanYiMicroHei'],
];
const cjkFont = CJK_FONTS.find(([file]) => existsSync(file));
/** Whether the month PDF can write Chinese on this machine. */
export const PDF_HAS_CJK_FONT = Boolean(cjkFont);

const WORDS = {
  'zh-CN': {
    title: '月度照明报表', kwh: '用电量 (kWh)', baseline: '基准电量 (kWh)', saving: '节电量 (kWh)', dimming: '调光节电 (kWh)', shorter: '缩时节电 (kWh)',
    cost: '电费', co2: '碳排放 (kg CO₂)', burn: '亮灯时长 (h)', lighting: '亮灯率', online: '在线率', faults: '故障数', failureRate: '故障率 (每千灯每月)',
    ack: '平均响应时间 (分钟)', repair: '平均修复时间 (分钟)', daily: '每日用电量 (kWh)', areas: '各区域', name: '名称', lamps: '灯数', generated: '生成时间',
  },
  'en-US': {
    title: 'Monthly lighting report', kwh: 'Energy (kWh)', baseline: 'Baseline (kWh)', saving: 'Saving (kWh)', dimming: 'Saved by dimming (kWh)', shorter: 'Saved by shorter burning (kWh)',
    cost: 'Cost', co2: 'CO₂ (kg)', burn: 'Burning hours', lighting: 'Lighting rate', online: 'Online rate', faults: 'Faults', failureRate: 'Faults per 1,000 lamps per month',
    ack: 'Mean time to acknowledge (min)', repair: 'Mean time to repair (min)', daily: 'Energy per day (kWh)', areas: 'By area', name: 'Name', lamps: 'Lamps', generated: 'Generated',
  },
} satisfies Record<Locale, Record<string, string>>;

export interface MonthReportData {
  deptName: string;
  month: string;
  locale: Locale;
  total: EnergyReport['total'];
  daily: EnergyReport['rows'];
  areas: EnergyReport['rows'];
  operations: Pick<OperationsReport, 'faults' | 'failureRate' | 'repairByDept'>;
  generatedAt: Date;
}

const percent = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)} %`);
const fixed = (v: number | null | undefined, digits = 1) => (v === null || v === undefined ? '—' : v.toFixed(digits));

/** A department's month on one or two A4 pages: the figures, a bar chart of the days, and the areas. */
export function monthReportPdf(data: MonthReportData): Promise<Buffer> {
  const w = WORDS[data.locale];
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `${data.deptName} ${data.month} ${w.title}` } });
  if (cjkFont) doc.registerFont('body', cjkFont[0], cjkFont[1]);
  doc.font(cjkFont ? 'body' : 'Helvetica');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fontSize(18).text(`${data.deptName} · ${data.month} · ${w.title}`);
  doc.moveDown(0.3).fontSize(9).fillColor('#666666').text(`${w.generated}: ${data.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`).fillColor('#000000');
  doc.moveDown();
  const t = data.total;
  const dept = data.operations.repairByDept;
  const meanOf = (pick: (r: (typeof dept)[number]) => number | null) => {
    const rows = dept.filter((r) => pick(r) !== null);
    const n = rows.reduce((s, r) => s + r.alarms, 0);
    return n ? rows.reduce((s, r) => s + pick(r)! * r.alarms, 0) / n : null;
  };
  const figures: Array<[string, string]> = [
    [w.kwh, fixed(t.kwh)], [w.baseline, fixed(t.baselineKwh)], [w.saving, fixed(t.savingKwh)], [w.dimming, fixed(t.dimmingSavingKwh)],
    [w.shorter, fixed(t.shorterBurningSavingKwh)], [`${w.cost} (${t.currency || '—'})`, fixed(t.cost, 2)], [w.co2, fixed(t.co2Kg)], [w.burn, fixed(t.burnHours)],
    [w.lighting, percent(t.lightingRate)], [w.online, percent(t.onlineRate)], [w.faults, String(data.operations.faults)], [w.failureRate, fixed(data.operations.failureRate, 2)],
    [w.ack, fixed(meanOf((r) => r.meanAckMinutes))], [w.repair, fixed(meanOf((r) => r.meanRepairMinutes))],
  ];
  doc.fontSize(11);
  const left = doc.page.margins.left;
  for (const [label, value] of figures) {
    const y = doc.y;
    doc.text(label, left, y, { width: 260 });
    doc.text(value, left + 280, y, { width: 200, align: 'right' });
  }
  doc.moveDown().fontSize(12).text(w.daily, left);
  barChart(doc, data.daily.map((r) => ({ label: r.key.slice(8), value: r.kwh })), left, doc.y + 6, 499, 150);
  doc.y += 180;
  doc.fontSize(12).text(w.areas, left);
  doc.fontSize(10);
  for (const r of [{ label: w.name, terminals: w.lamps, kwh: w.kwh, lightingRate: w.lighting }, ...data.areas.map((a) => ({ label: a.label || '—', terminals: String(a.terminals), kwh: fixed(a.kwh), lightingRate: percent(a.lightingRate) }))]) {
    const y = doc.y;
    doc.text(String(r.label), left, y, { width: 200 });
    doc.text(String(r.terminals), left + 210, y, { width: 60, align: 'right' });
    doc.text(String(r.kwh), left + 280, y, { width: 100, align: 'right' });
    doc.text(String(r.lightingRate), left + 390, y, { width: 100, align: 'right' });
  }
  doc.end();
  return done;
}

/** Bars drawn as vectors (no browser, no canvas), labelled every few days. */
function barChart(doc: PDFKit.PDFDocument, bars: Array<{ label: string; value: number }>, x: number, y: number, width: number, height: number) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const step = width / Math.max(1, bars.length);
  doc.save().strokeColor('#999999').moveTo(x, y + height).lineTo(x + width, y + height).stroke();
  bars.forEach((b, i) => {
    const h = (b.value / max) * (height - 12);
    doc.rect(x + i * step + step * 0.15, y + height - h, step * 0.7, h).fill('#1677ff');
    if (i % Math.ceil(bars.length / 15) === 0) doc.fillColor('#333333').fontSize(7).text(b.label, x + i * step, y + height + 2, { width: step * 2, lineBreak: false });
  });
  doc.fillColor('#333333').fontSize(7).text(max.toFixed(1), x, y - 2, { lineBreak: false });
  doc.restore().fillColor('#000000');
}
