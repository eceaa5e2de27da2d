import { eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_LOCALE, NoticeLevel, NoticeRecvStatus, type Locale } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { departments, energyNotices, users } from '../db/schema/index.js';
import type { Bilingual } from './seed-texts.js';

/** Keeps instances that start together from seeding the notices twice. */
const DEMO_NOTICE_LOCK = 7_425_003;
const HOUR = 3_600_000;
const { normal, important, urgent } = NoticeLevel;
const { notOperated, read, replied } = NoticeRecvStatus;

type NoticeText = [title: string, content: string, reply?: string];
type DemoNotice = [deptId: number, level: number, status: number, text: Bilingual<NoticeText>];

/** Newest first; departments of the seeded tree (2 and 5 are the demo operator's scope). */
const DEMO_NOTICES: DemoNotice[] = [
  [5, urgent, notOperated, {
    'zh-CN': ['城东片区夜间用电异常排查', '城东班组辖区昨夜 23:00 后用电量较前一周同期高出 35%，请今日内排查是否存在白天亮灯或线路漏电。'],
    'en-US': ['Check the East District night consumption', "The East District Team's area used 35% more power after 23:00 last night than a week before: check today for lamps lit by day or leaking lines."],
  }],
  [2, normal, notOperated, {
    'zh-CN': ['本周路灯能耗环比上升 8%', '受阴雨天气影响，本周开灯时长增加，能耗环比上升 8%，请关注各回路运行情况。'],
    'en-US': ["This week's lighting energy up 8%", 'Rainy weather kept the lamps on longer this week: energy is up 8% on last week. Keep an eye on every loop.'],
  }],
  [3, important, notOperated, {
    'zh-CN': ['漏电告警处置情况汇报', '请于本周五前汇总本月漏电告警的处置结果，并附现场照片。'],
    'en-US': ['Report on leakage alarms', "Summarise how this month's leakage alarms were handled by Friday, with photos from the site."],
  }],
  [2, important, notOperated, {
    'zh-CN': ['年度节能目标分解', '今年节能目标为综合能耗下降 6%，运维一部分解指标为 5.5%，详见附件说明。'],
    'en-US': ["This year's energy-saving targets", "This year's target is 6% less energy overall; Operations One's share is 5.5%. Details in the attachment."],
  }],
  [4, normal, notOperated, {
    'zh-CN': ['夜间巡检能耗数据核对', '请监控中心值班人员核对昨夜巡检记录与平台能耗数据是否一致。'],
    'en-US': ['Check the night patrol against the energy data', "Monitoring Centre duty staff: check last night's patrol records against the platform's energy figures."],
  }],
  [5, urgent, read, {
    'zh-CN': ['暴雨天气用电安全提示', '预计今晚有强降雨，请加强配电柜防水检查，发现漏电立即断电并上报。'],
    'en-US': ['Electrical safety in heavy rain', 'Heavy rain is expected tonight: check the cabinets are watertight, and switch off and report any leakage at once.'],
  }],
  [2, urgent, read, {
    'zh-CN': ['国庆期间亮灯时间调整', '国庆期间（10 月 1 日至 7 日）景观道路亮灯时间延长至 24:00，请按新策略下发。'],
    'en-US': ['Lighting hours for the National Day holiday', 'From 1 to 7 October the scenic roads stay lit until 24:00: send the new strategy.'],
  }],
  [3, important, read, {
    'zh-CN': ['单灯调光节能试点策略下发', '试点路段 23:00 后调光至 50%，请确认终端已接收策略并反馈运行情况。'],
    'en-US': ['Dimming pilot strategy sent', 'The pilot roads dim to 50% after 23:00: confirm the terminals received the strategy and report how it runs.'],
  }],
  [4, important, replied, {
    'zh-CN': ['峰谷电价时段调整说明', '自下月起峰谷电价时段调整，请据此优化开关灯计划。', '已知悉，已按新时段调整计划。'],
    'en-US': ['New peak and off-peak tariff hours', 'The peak and off-peak tariff hours change next month: adjust the lighting plans to them.', 'Noted; the plans follow the new hours.'],
  }],
  [3, normal, replied, {
    'zh-CN': ['配电柜电表月度抄表提醒', '请于每月 25 日前完成配电柜电表抄表，并录入系统。', '已完成抄表，数据已录入。'],
    'en-US': ['Monthly cabinet meter reading', "Read the cabinets' meters by the 25th of each month and enter them in the system.", 'Meters read and entered.'],
  }],
  [2, important, replied, {
    'zh-CN': ['十月份能耗统计报表报送', '请于 11 月 3 日前报送十月份路灯能耗统计报表。', '报表已提交，请查收。'],
    'en-US': ["October's energy report", "Send October's street lighting energy report by 3 November.", 'Report sent.'],
  }],
  [2, normal, replied, {
    'zh-CN': ['系统升级后能耗数据补录', '系统升级期间缺失的能耗数据已补录完成，如发现异常请反馈。', '已核对，数据无异常。'],
    'en-US': ['Energy data restored after the upgrade', 'The energy data missing during the system upgrade has been restored; report anything that looks wrong.', 'Checked: the data is fine.'],
  }],
];

/** Who answered, by department: the demo operator in its scope (2, 5), the duty officer elsewhere. */
const RECEIVERS: Bilingual<{ operator: string; duty: string }> = {
  'zh-CN': { operator: '运维员', duty: '值班员' },
  'en-US': { operator: 'Operator', duty: 'Duty officer' },
};

/** Demo mode: a dozen notices from the administrator, some read, some replied, so the drawer has content at the first start. Only into an empty table. */
export async function seedDemoNotices(db: Db, now = Date.now(), locale: Locale = DEFAULT_LOCALE): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_NOTICE_LOCK})`);
    if ((await tx.select({ id: energyNotices.id }).from(energyNotices).limit(1)).length > 0) return 0;
    const [sender] = await tx
      .select({ uniqueId: users.uniqueId, deptName: departments.deptName })
      .from(users)
      .leftJoin(departments, eq(departments.deptId, users.deptId))
      .where(eq(users.username, 'admin'));
    if (!sender) return 0;
    const wanted = [...new Set(DEMO_NOTICES.map(([deptId]) => deptId))];
    const present = new Set((await tx.select({ id: departments.deptId }).from(departments).where(inArray(departments.deptId, wanted))).map((r) => r.id));
    const rows = DEMO_NOTICES.map((n, i) => ({ n, sendTime: new Date(now - (i * 9 + 1) * HOUR) }))
      .filter(({ n }) => present.has(n[0]))
      .map(({ n: [deptId, level, recvStatus, text], sendTime }) => {
        const [sendTitle, sendContent, reply] = text[locale];
        return {
          uniqueId: sender.uniqueId,
          sendDept: sender.deptName ?? '',
          deptId, level, sendTitle, sendContent, sendTime, recvStatus,
          recvContent: reply ?? '',
          recvName: recvStatus === notOperated ? '' : RECEIVERS[locale][deptId === 2 || deptId === 5 ? 'operator' : 'duty'],
          recvTime: recvStatus === notOperated ? null : new Date(sendTime.getTime() + 2 * HOUR),
        };
      });
    if (rows.length) await tx.insert(energyNotices).values(rows);
    return rows.length;
  });
}
