import type { Locale } from '../constants.js';

/** Severity of an alarm kind: 1 critical (red), 2 major (orange), 3 minor (gold). */
export const Severity = { critical: 1, major: 2, minor: 3 } as const;

export interface AlarmKindInfo {
  kind: string;
  severity: number;
  name: Record<Locale, string>;
  description: Record<Locale, string>;
}

const k = (kind: string, severity: number, zh: string, en: string, dZh: string, dEn: string): AlarmKindInfo => ({
  kind, severity, name: { 'zh-CN': zh, 'en-US': en }, description: { 'zh-CN': dZh, 'en-US': dEn },
});

/** `/alarm/desc/list`: every alarm kind (the TALQ device events and communication loss) in both languages. */
export const ALARM_KINDS: AlarmKindInfo[] = [
  k('lampFailure', 2, '灯具故障', 'Lamp failure', '灯具不亮或驱动故障', 'The lamp does not light or its driver failed'),
  k('dayBurning', 3, '白天亮灯', 'Day-burning', '白天时段灯具仍然点亮', 'The lamp is on during daylight hours'),
  k('voltageHigh', 2, '电压过高', 'Supply voltage too high', '供电电压高于上限', 'The supply voltage is above the upper limit'),
  k('voltageLow', 2, '电压过低', 'Supply voltage too low', '供电电压低于下限', 'The supply voltage is below the lower limit'),
  k('currentHigh', 2, '电流过高', 'Current too high', '回路电流高于上限', 'The load current is above the upper limit'),
  k('currentLow', 3, '电流过低', 'Current too low', '回路电流低于下限（可能有灯具熄灭）', 'The load current is below the lower limit (lamps may be out)'),
  k('powerFactorLow', 3, '功率因数过低', 'Power factor too low', '亮灯时功率因数低于下限（驱动老化或补偿失效）', 'The power factor of a lit lamp is below the lower limit (an ageing driver or failed compensation)'),
  k('leakage', 1, '漏电', 'Leakage', '漏电流超过阈值，有触电危险', 'Leakage current above the threshold: risk of electric shock'),
  k('overCurrent', 1, '过流', 'Over-current', '过流保护动作', 'The over-current protection tripped'),
  k('doorOpen', 2, '箱门打开', 'Door opened', '控制箱门被打开', 'The cabinet door was opened'),
  k('relayFailure', 2, '继电器故障', 'Relay failure', '回路继电器未按指令动作', 'A loop relay did not follow its command'),
  k('lampPowerTooLow', 2, '灯功率过低', 'Lamp power too low', '实测功率低于额定功率×调光值的容差下限（光衰、驱动或灯珠故障）', 'Measured power below rated power × commanded level minus the tolerance (lumen loss, a driver or LED fault)'),
  k('lampPowerTooHigh', 2, '灯功率过高', 'Lamp power too high', '实测功率高于额定功率×调光值的容差上限', 'Measured power above rated power × commanded level plus the tolerance'),
  k('absoluteLampPowerTooLow', 2, '灯功率低于绝对下限', 'Lamp power below absolute minimum', '点亮时实测功率低于灯具类型的绝对下限', 'Measured power of a lit lamp below its type\'s absolute minimum'),
  k('absoluteLampPowerTooHigh', 1, '灯功率高于绝对上限', 'Lamp power above absolute maximum', '实测功率高于灯具类型的绝对上限', 'Measured power above its type\'s absolute maximum'),
  k('cyclingFailure', 2, '灯具频闪', 'Cycling lamp', '灯具一小时内亮灭次数超过上限', 'The lamp went on and off more often in an hour than allowed'),
  k('supplyLoss', 1, '供电中断', 'Supply loss', '终端在线但灯具供电电压消失', 'The controller reports but the lamp\'s supply voltage is gone'),
  k('communicationLost', 2, '通信中断', 'Communication lost', '终端长时间未上报心跳', 'The terminal stopped sending heartbeats'),
  k('citizenReport', 2, '市民报修', 'Citizen report', '市民扫描灯杆二维码报告了故障', 'A citizen scanned the pole\'s QR code and reported a fault'),
];

export const severityOf = (kind: string) => ALARM_KINDS.find((x) => x.kind === kind)?.severity ?? 2;
