import type { FeatureLocale } from '../../shared/i18n/feature-locales';

export const plansLocales: FeatureLocale = {
  'zh-CN': {
    'plans.add': '新增计划', 'plans.saved': '计划已保存并开始下发', 'plans.name': '名称', 'plans.nameRequired': '请输入名称', 'plans.policy': '策略', 'plans.policyRequired': '请选择策略',
    'plans.dates': '日期范围', 'plans.datesRequired': '请选择日期范围', 'plans.timeZone': '时区', 'plans.groupMode': '分组方式', 'plans.byGroup': '按终端', 'plans.byArea': '按区域',
    'plans.targets': '目标', 'plans.targetsRequired': '请选择至少一个目标', 'plans.terminalCount': '终端数', 'plans.downloads': '下发', 'plans.downloadSummary': '成功 {{succeeded}} / 共 {{total}}，失败 {{failed}}',
    'plans.createdAt': '创建时间', 'plans.tasks': '下发任务', 'plans.listTab': '计划列表', 'plans.calendarTab': '计划日历', 'plans.resend': '重新下发未成功的', 'plans.resent': '已重新下发 {{count}} 个',
    'plans.terminal': '终端', 'plans.command': '指令', 'plans.state': '状态', 'plans.attempts': '次数', 'plans.message': '说明', 'plans.updatedAt': '更新时间',
    'plans.taskState.pending': '等待回复', 'plans.taskState.succeeded': '已绑定', 'plans.taskState.failed': '失败', 'plans.taskState.timedOut': '超时', 'plans.taskState.offline': '未发送',
    'plans.addEmergency': '新增应急计划', 'plans.emergencySaved': '应急计划已下发', 'plans.action': '动作', 'plans.level': '亮度', 'plans.startAt': '开始时间', 'plans.startNow': '留空表示立即开始',
    'plans.duration': '持续时间', 'plans.durationRange': '1 至 10080 分钟', 'plans.expireAt': '到期时间', 'plans.noActive': '当前没有生效的应急计划，终端按计划运行', 'plans.winning': '生效中（最新）',
    'plans.expiresIn': '距离到期', 'plans.terminalsN': '{{count}} 台终端', 'plans.emergencyState.active': '生效中', 'plans.emergencyState.scheduled': '待生效', 'plans.emergencyState.expired': '已到期',
    'plans.act.on': '开灯', 'plans.act.off': '关灯', 'plans.act.dim': '调光', 'plans.minutes': '分钟', 'plans.levelRange': '亮度为 0-100',
    'plans.edit': '修改计划', 'plans.keep': '保留', 'plans.emergencyState.cancelled': '已取消', 'plans.cancelEmergency': '取消应急', 'plans.cancelTitle': '取消应急计划？',
    'plans.cancelText': '“{{name}}”将立即结束，{{count}} 台终端马上恢复按计划运行。', 'plans.cancelled': '应急计划已取消，终端正在恢复计划',
    'plans.stepsThatDay': '当天运行的步骤：{{count}} 个', 'plans.noSteps': '当天无步骤',
  },
  'en-US': {
    'plans.add': 'Add plan', 'plans.saved': 'Plan saved; downloading', 'plans.name': 'Name', 'plans.nameRequired': 'Please enter a name', 'plans.policy': 'Policy', 'plans.policyRequired': 'Choose a policy',
    'plans.dates': 'Dates', 'plans.datesRequired': 'Choose the dates', 'plans.timeZone': 'Time zone', 'plans.groupMode': 'Group mode', 'plans.byGroup': 'By terminal', 'plans.byArea': 'By area',
    'plans.targets': 'Targets', 'plans.targetsRequired': 'Choose at least one target', 'plans.terminalCount': 'Terminals', 'plans.downloads': 'Downloads', 'plans.downloadSummary': '{{succeeded}} of {{total}} bound, {{failed}} failed',
    'plans.createdAt': 'Created', 'plans.tasks': 'Downloads', 'plans.listTab': 'Plans', 'plans.calendarTab': 'Calendar', 'plans.resend': 'Send the unconfirmed again', 'plans.resent': '{{count}} sent again',
    'plans.terminal': 'Terminal', 'plans.command': 'Command', 'plans.state': 'State', 'plans.attempts': 'Attempts', 'plans.message': 'Message', 'plans.updatedAt': 'Updated',
    'plans.taskState.pending': 'Waiting', 'plans.taskState.succeeded': 'Bound', 'plans.taskState.failed': 'Failed', 'plans.taskState.timedOut': 'Timed out', 'plans.taskState.offline': 'Not sent',
    'plans.addEmergency': 'Add emergency plan', 'plans.emergencySaved': 'Emergency plan sent', 'plans.action': 'Action', 'plans.level': 'Level', 'plans.startAt': 'Starts', 'plans.startNow': 'Empty starts it now',
    'plans.duration': 'Duration', 'plans.durationRange': '1 to 10080 minutes', 'plans.expireAt': 'Expires', 'plans.noActive': 'No emergency plan is active; terminals run their plans', 'plans.winning': 'In force (newest)',
    'plans.expiresIn': 'Expires in', 'plans.terminalsN': '{{count}} terminals', 'plans.emergencyState.active': 'Active', 'plans.emergencyState.scheduled': 'Scheduled', 'plans.emergencyState.expired': 'Expired',
    'plans.act.on': 'On', 'plans.act.off': 'Off', 'plans.act.dim': 'Dim', 'plans.minutes': 'min', 'plans.levelRange': 'Level 0-100',
    'plans.edit': 'Edit plan', 'plans.keep': 'Keep it', 'plans.emergencyState.cancelled': 'Cancelled', 'plans.cancelEmergency': 'Cancel emergency', 'plans.cancelTitle': 'Cancel the emergency plan?',
    'plans.cancelText': '"{{name}}" ends now and its {{count}} terminals return to their programs at once.', 'plans.cancelled': 'Emergency plan cancelled; terminals are returning to their programs',
    'plans.stepsThatDay': 'Steps that run this day: {{count}}', 'plans.noSteps': 'no steps this day',
  },
};
