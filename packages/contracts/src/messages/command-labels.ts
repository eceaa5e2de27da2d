import type { CommandName } from '../device/commands.js';
import type { Locale } from '../constants.js';

/** The name of every command of protocol §5 in each language, for the command records and download tasks. */
export const COMMAND_LABELS: Record<CommandName, Record<Locale, string>> = {
  'light.open': { 'zh-CN': '开灯', 'en-US': 'Lights on' },
  'light.close': { 'zh-CN': '关灯', 'en-US': 'Lights off' },
  'light.dim': { 'zh-CN': '调光', 'en-US': 'Dim' },
  'relay.set': { 'zh-CN': '设置继电器', 'en-US': 'Set relay' },
  'manauto.set': { 'zh-CN': '切换手动/自动', 'en-US': 'Set manual/auto' },
  'manauto.recover': { 'zh-CN': '恢复自动', 'en-US': 'Return to auto' },
  'heartbeat.request': { 'zh-CN': '请求心跳', 'en-US': 'Request heartbeat' },
  'heartbeat.set': { 'zh-CN': '设置心跳间隔', 'en-US': 'Set heartbeat interval' },
  'clock.query': { 'zh-CN': '查询时钟', 'en-US': 'Query clock' },
  'clock.set': { 'zh-CN': '校时', 'en-US': 'Set clock' },
  'param.set': { 'zh-CN': '设置参数', 'en-US': 'Set parameters' },
  'param.query': { 'zh-CN': '查询参数', 'en-US': 'Query parameters' },
  'alarm.set': { 'zh-CN': '设置告警阈值', 'en-US': 'Set alarm thresholds' },
  'leakage.set': { 'zh-CN': '设置漏电阈值', 'en-US': 'Set leakage threshold' },
  'overCurrent.set': { 'zh-CN': '设置过流阈值', 'en-US': 'Set over-current threshold' },
  'lock.set': { 'zh-CN': '锁定/解锁', 'en-US': 'Lock/unlock' },
  'plan.bind': { 'zh-CN': '下发计划', 'en-US': 'Send program' },
  'plan.clear': { 'zh-CN': '清除计划', 'en-US': 'Clear program' },
  'localControl.add': { 'zh-CN': '添加本地控制', 'en-US': 'Add local control' },
  'localControl.update': { 'zh-CN': '修改本地控制', 'en-US': 'Update local control' },
  'localControl.delete': { 'zh-CN': '删除本地控制', 'en-US': 'Delete local control' },
  'localControl.list': { 'zh-CN': '查询本地控制', 'en-US': 'List local controls' },
  'localControl.status': { 'zh-CN': '启用/停用本地控制', 'en-US': 'Enable/disable local control' },
  'override.set': { 'zh-CN': '应急控制', 'en-US': 'Emergency override' },
  'override.clear': { 'zh-CN': '撤销应急控制', 'en-US': 'Withdraw emergency override' },
  init: { 'zh-CN': '初始化', 'en-US': 'Initialise' },
};

/** A command's name in the reader's language; a name outside the protocol is shown as stored. */
export const commandLabel = (cmd: string, locale: Locale): string => (COMMAND_LABELS as Record<string, Record<Locale, string>>)[cmd]?.[locale] ?? cmd;
