import { eq, inArray, sql } from 'drizzle-orm';
import { NoticeLevel, NoticeRecvStatus } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { departments, energyNotices, users } from '../db/schema/index.js';

/** Keeps instances that start together from seeding the notices twice. */
const DEMO_NOTICE_LOCK = 7_425_003;
const HOUR = 3_600_000;
const { normal, important, urgent } = NoticeLevel;
const { notOperated, read, replied } = NoticeRecvStatus;

type DemoNotice = [deptId: number, level: number, title: string, content: string, status: number, reply?: string];

/** Newest first; departments of the seeded tree (2 and 5 are the demo operator's scope). */
const DEMO_NOTICES: DemoNotice[] = [
  [5, urgent, '城东片区夜间用电异常排查', '城东班组辖区昨夜 23:00 后用电量较前一周同期高出 35%，请今日内排查是否存在白天亮灯或线路漏电。', notOperated],
  [2, normal, '本周路灯能耗环比上升 8%', '受阴雨天气影响，本周开灯时长增加，能耗环比上升 8%，请关注各回路运行情况。', notOperated],
  [3, important, '漏电告警处置情况汇报', '请于本周五前汇总本月漏电告警的处置结果，并附现场照片。', notOperated],
  [2, important, '年度节能目标分解', '今年节能目标为综合能耗下降 6%，运维一部分解指标为 5.5%，详见附件说明。', notOperated],
  [4, normal, '夜间巡检能耗数据核对', '请监控中心值班人员核对昨夜巡检记录与平台能耗数据是否一致。', notOperated],
  [5, urgent, '暴雨天气用电安全提示', '预计今晚有强降雨，请加强配电柜防水检查，发现漏电立即断电并上报。', read],
  [2, urgent, '国庆期间亮灯时间调整', '国庆期间（10 月 1 日至 7 日）景观道路亮灯时间延长至 24:00，请按新策略下发。', read],
  [3, important, '单灯调光节能试点策略下发', '试点路段 23:00 后调光至 50%，请确认终端已接收策略并反馈运行情况。', read],
  [4, important, '峰谷电价时段调整说明', '自下月起峰谷电价时段调整，请据此优化开关灯计划。', replied, '已知悉，已按新时段调整计划。'],
  [3, normal, '配电柜电表月度抄表提醒', '请于每月 25 日前完成配电柜电表抄表，并录入系统。', replied, '已完成抄表，数据已录入。'],
  [2, important, '十月份能耗统计报表报送', '请于 11 月 3 日前报送十月份路灯能耗统计报表。', replied, '报表已提交，请查收。'],
  [2, normal, '系统升级后能耗数据补录', '系统升级期间缺失的能耗数据已补录完成，如发现异常请反馈。', replied, '已核对，数据无异常。'],
];

/** Demo mode: a dozen notices from the administrator, some read, some replied, so the drawer has content at the first start. Only into an empty table. */
export async function seedDemoNotices(db: Db, now = Date.now()): Promise<number> {
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
      .map(({ n: [deptId, level, sendTitle, sendContent, recvStatus, reply], sendTime }) => ({
        uniqueId: sender.uniqueId,
        sendDept: sender.deptName ?? '',
        deptId, level, sendTitle, sendContent, sendTime, recvStatus,
        recvContent: reply ?? '',
        recvName: recvStatus === notOperated ? '' : deptId === 2 || deptId === 5 ? '运维员' : '值班员',
        recvTime: recvStatus === notOperated ? null : new Date(sendTime.getTime() + 2 * HOUR),
      }));
    if (rows.length) await tx.insert(energyNotices).values(rows);
    return rows.length;
  });
}
