import {
  AlarmStatus, CONTROL_MODES, DataScope, DEVICE_FAMILIES, GroupMode, MANUFACTURERS, NoticeLevel, NoticeRecvStatus, OnlineState, OpenMode, PHASES,
  QuickCommand, RegisterState, RepairStatus, STATUS_DISABLED, STATUS_NORMAL, TerminalModel, TerminalStatus, YES_NO, type ListClass,
} from '@sl/contracts';
import { and, eq, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { dictData, dictTypes } from '../db/schema/index.js';

/** value, Chinese label, English label, tag colour; values come from the contracts' enumerations wherever they define them. */
type Item = [value: string | number, zh: string, en: string, listClass?: ListClass];
type Dict = [dictType: string, name: string, nameEn: string, items: Item[]];

const [YES, NO] = YES_NO;
const [MANUAL, AUTO] = CONTROL_MODES;

/** The enumerations of spec §3 and the state sets of §4. The first item is the default. */
export const DICTIONARIES: Dict[] = [
  ['sys_yes_no', '是否', 'Yes/no', [[YES, '是', 'Yes', 'primary'], [NO, '否', 'No', 'danger']]],
  ['sys_normal_disable', '系统开关', 'Normal/disabled', [[STATUS_NORMAL, '正常', 'Normal', 'success'], [STATUS_DISABLED, '停用', 'Disabled', 'danger']]],
  ['sys_user_sex', '用户性别', 'Gender', [['0', '未知', 'Unknown', 'default'], ['1', '男', 'Male', 'default'], ['2', '女', 'Female', 'default']]],
  ['sys_data_scope', '数据范围', 'Data scope', [
    [DataScope.all, '全部数据', 'All data'], [DataScope.custom, '自定义数据', 'Custom departments'], [DataScope.ownDept, '本部门数据', 'Own department'],
    [DataScope.ownDeptAndBelow, '本部门及以下数据', 'Own department and below'], [DataScope.self, '仅本人数据', 'Self only']]],
  ['sys_phase', '相位', 'Phase', PHASES.map((p): Item => [p, `${p}相`, `Phase ${p}`])],
  ['sl_control_mode', '控制模式', 'Control mode', [[MANUAL, '手动', 'Manual', 'warning'], [AUTO, '自动', 'Auto', 'success']]],
  ['sl_zone', '时区', 'Zone', [['east', '东区', 'East'], ['west', '西区', 'West']]],
  ['sl_longitude', '经度', 'Longitude', [['east', '东经', 'East'], ['west', '西经', 'West']]],
  ['sl_latitude', '纬度', 'Latitude', [['north', '北纬', 'North'], ['south', '南纬', 'South']]],
  // The values the API sends: a policy's openMode 1/2, a terminal's `locked` and a lamp's `on` booleans.
  ['sl_open_mode', '开灯模式', 'Open mode', [[OpenMode.today, '当天', 'Today'], [OpenMode.everyDay, '每天', 'Every day']]],
  ['sl_lock', '门锁', 'Lock', [['true', '已锁', 'Locked', 'success'], ['false', '未锁', 'Not locked', 'warning']]],
  ['sl_switch_state', '开关状态', 'Switch state', [['true', '开', 'On', 'success'], ['false', '关', 'Off', 'default']]],
  ['sl_terminal_model', '终端型号', 'Terminal model', [[TerminalModel.centralised, '集中器', 'Centralised device'], [TerminalModel.singleLamp, '单灯', 'Single-lamp device']]],
  ['sl_group_mode', '分组方式', 'Group mode', [[GroupMode.byGroup, '按分组', 'By group'], [GroupMode.byArea, '按区域', 'By area']]],
  ['sl_online', '在线状态', 'Online state', [
    [OnlineState.online, '在线', 'Online', 'success'], [OnlineState.offline, '离线', 'Offline', 'default'], [OnlineState.abnormal, '异常', 'Abnormal', 'danger']]],
  ['sl_manufacturer', '厂家', 'Manufacturer', MANUFACTURERS.map((m): Item => [m, m, m])],
  ['sl_quick_command', '快捷指令', 'Quick command', [
    [QuickCommand.manualOn, '手动开', 'Manual on', 'success'], [QuickCommand.manualOff, '手动关', 'Manual off', 'warning'],
    [QuickCommand.auto, '自动', 'Auto', 'processing'], [QuickCommand.ignore, '忽略', 'Ignore', 'default']]],
  ['sl_register', '注册状态', 'Registration', [[RegisterState.registered, '已注册', 'Registered', 'success'], [RegisterState.unregistered, '未注册', 'Not registered', 'warning']]],
  ['sl_log_type', '日志类型', 'Log type', [[1, '开关灯', 'Light switching']]],
  ['sl_device_family', '设备系列', 'Device family', DEVICE_FAMILIES.map((f): Item => [f, f, f])],
  ['sl_alarm_status', '告警状态', 'Alarm status', [
    [AlarmStatus.alarm, '告警', 'Alarm', 'danger'], [AlarmStatus.dispatching, '派单中', 'Dispatching', 'warning'],
    [AlarmStatus.awaitingRepair, '待维修', 'Awaiting repair', 'warning'], [AlarmStatus.repairing, '维修中', 'Repairing', 'processing'],
    [AlarmStatus.repairComplete, '维修完成', 'Repair complete', 'success'], [AlarmStatus.autoRepairComplete, '自动修复', 'Auto-repair complete', 'success'],
    [AlarmStatus.rolledBack, '已回退', 'Rolled back', 'default']]],
  ['sl_repair_status', '工单状态', 'Repair status', [
    [RepairStatus.awaitingPickup, '待接单', 'Awaiting pickup', 'warning'], [RepairStatus.pickedUp, '已接单', 'Picked up', 'processing'],
    [RepairStatus.complete, '已完成', 'Complete', 'success'], [RepairStatus.rolledBack, '已回退', 'Rolled back', 'danger'], [RepairStatus.recalled, '已撤回', 'Recalled', 'default']]],
  ['sl_terminal_status', '终端状态', 'Terminal status', [
    [TerminalStatus.all, '全部', 'All', 'default'], [TerminalStatus.inFactory, '出厂', 'In factory', 'default'], [TerminalStatus.warehouse, '入库', 'Warehouse', 'info'],
    [TerminalStatus.inUse, '使用中', 'In use', 'success'], [TerminalStatus.underRepair, '维修中', 'Under repair', 'warning'], [TerminalStatus.scrapped, '报废', 'Scrapped', 'danger']]],
  ['sl_notice_recv_status', '通知接收状态', 'Notice status', [
    [NoticeRecvStatus.notOperated, '未操作', 'Not operated', 'warning'], [NoticeRecvStatus.read, '已读未回复', 'Read, no reply', 'processing'],
    [NoticeRecvStatus.replied, '已读已回复', 'Read and replied', 'success']]],
  ['sl_notice_level', '通知级别', 'Notice level', [
    [NoticeLevel.normal, '普通', 'Normal', 'info'], [NoticeLevel.important, '重要', 'Important', 'warning'], [NoticeLevel.urgent, '紧急', 'Urgent', 'danger']]],
];

/** Values earlier installations were seeded with that the API never sent, renamed to the API's (issue 28 item 11). */
const RENAMED: Array<[dictType: string, from: string, to: string]> = [
  ['sl_open_mode', 'today', String(OpenMode.today)], ['sl_open_mode', 'everyday', String(OpenMode.everyDay)],
  ['sl_lock', 'locked', 'true'], ['sl_lock', 'unlocked', 'false'],
  ['sl_switch_state', 'on', 'true'], ['sl_switch_state', 'off', 'false'],
];

/**
 * Adds the dictionary types and values that are missing; never changes what an administrator edited, except
 * that the old seeded values of RENAMED take the API's values (their labels stay as edited).
 */
export async function seedDictionaries(db: Db): Promise<void> {
  for (const [dictType, from, to] of RENAMED) {
    const taken = db.select({ one: sql`1` }).from(dictData).where(and(eq(dictData.dictType, dictType), eq(dictData.dictValue, to)));
    await db.update(dictData).set({ dictValue: to }).where(and(eq(dictData.dictType, dictType), eq(dictData.dictValue, from), notExists(taken)));
  }
  await db.insert(dictTypes).values(DICTIONARIES.map(([dictType, dictName, remark]) => ({ dictType, dictName, remark }))).onConflictDoNothing();
  const values = DICTIONARIES.flatMap(([dictType, , , items]) =>
    items.map(([value, dictLabel, dictLabelEn, listClass = 'default'], i) => ({
      dictType, dictLabel, dictLabelEn, dictValue: String(value), listClass, dictSort: (i + 1) * 10, isDefault: i === 0 ? 'Y' : 'N',
    })),
  );
  await db.insert(dictData).values(values).onConflictDoNothing();
}
