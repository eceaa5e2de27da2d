import type { Locale } from '../constants.js';

/** Names of alarm statuses (§4) in both languages, by status. */
export const ALARM_STATUS_NAMES: Record<number, Record<Locale, string>> = {
  1: { 'zh-CN': '告警', 'en-US': 'Alarm' },
  2: { 'zh-CN': '派单中', 'en-US': 'Dispatching' },
  3: { 'zh-CN': '待维修', 'en-US': 'Awaiting repair' },
  4: { 'zh-CN': '维修中', 'en-US': 'Repairing' },
  5: { 'zh-CN': '维修完成', 'en-US': 'Repair complete' },
  6: { 'zh-CN': '自动修复', 'en-US': 'Auto-repair complete' },
  7: { 'zh-CN': '已回退', 'en-US': 'Rolled back' },
};

/** Names of repair (work order) statuses (§4). */
export const REPAIR_STATUS_NAMES: Record<number, Record<Locale, string>> = {
  1: { 'zh-CN': '待接单', 'en-US': 'Awaiting pickup' },
  2: { 'zh-CN': '已接单', 'en-US': 'Picked up' },
  3: { 'zh-CN': '已完成', 'en-US': 'Complete' },
  4: { 'zh-CN': '已回退', 'en-US': 'Rolled back' },
  6: { 'zh-CN': '已撤回', 'en-US': 'Recalled' },
};

/** Workflow events (the alarm log's `event`), as a verb phrase and as the timeline's label. */
export const WORKFLOW_EVENT_NAMES: Record<string, { verb: Record<Locale, string>; label: Record<Locale, string> }> = {
  raise: { verb: { 'zh-CN': '产生告警', 'en-US': 'raised' }, label: { 'zh-CN': '产生告警', 'en-US': 'Raised' } },
  dispatch: { verb: { 'zh-CN': '派单', 'en-US': 'dispatched' }, label: { 'zh-CN': '派单', 'en-US': 'Dispatched' } },
  pickUp: { verb: { 'zh-CN': '接单', 'en-US': 'picked up' }, label: { 'zh-CN': '接单', 'en-US': 'Picked up' } },
  progress: { verb: { 'zh-CN': '上报进度', 'en-US': 'given progress' }, label: { 'zh-CN': '上报进度', 'en-US': 'Progress' } },
  complete: { verb: { 'zh-CN': '完成维修', 'en-US': 'completed' }, label: { 'zh-CN': '维修完成', 'en-US': 'Completed' } },
  rollBack: { verb: { 'zh-CN': '回退', 'en-US': 'rolled back' }, label: { 'zh-CN': '回退', 'en-US': 'Rolled back' } },
  recall: { verb: { 'zh-CN': '撤回', 'en-US': 'recalled' }, label: { 'zh-CN': '撤回', 'en-US': 'Recalled' } },
  deviceCleared: { verb: { 'zh-CN': '由设备恢复', 'en-US': 'cleared by the device' }, label: { 'zh-CN': '设备恢复', 'en-US': 'Cleared by the device' } },
  verificationCleared: { verb: { 'zh-CN': '由控制核验恢复', 'en-US': 'cleared by verification' }, label: { 'zh-CN': '核验恢复', 'en-US': 'Cleared by verification' } },
  /** Not a status change: the alarm's terminal moved to another department and the alarm went with it (the note names both). */
  followedTerminal: { verb: { 'zh-CN': '随终端转移部门', 'en-US': 'moved with its terminal' }, label: { 'zh-CN': '随终端转部门', 'en-US': 'Moved with its terminal' } },
};

/** Parameters of the `alarm.refused` / `order.refused` messages: the status and the event, named in both languages. */
export function refusalParams(names: Record<number, Record<Locale, string>>, status: number, event: string) {
  const fallback = { 'zh-CN': String(status), 'en-US': String(status) };
  return { status: names[status] ?? fallback, event: WORKFLOW_EVENT_NAMES[event]?.verb ?? { 'zh-CN': event, 'en-US': event } };
}
