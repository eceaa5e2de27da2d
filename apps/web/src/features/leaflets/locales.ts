import type { FeatureLocale } from '../../shared/i18n/feature-locales';

export const leafletsLocales: FeatureLocale = {
  'zh-CN': {
    'leaflet.mine': '我的派发', 'leaflet.all': '全部传单', 'leaflet.add': '派发传单', 'leaflet.edit': '修改传单', 'leaflet.saved': '已派发',
    'leaflet.title': '标题', 'leaflet.titleRequired': '请输入标题', 'leaflet.instruction': '工作内容', 'leaflet.instructionRequired': '请输入工作内容',
    'leaflet.groupMode': '范围', 'leaflet.byTerminal': '按终端', 'leaflet.byArea': '按区域', 'leaflet.targets': '终端或区域', 'leaflet.targetsRequired': '请至少选择一个终端或区域',
    'leaflet.terminals': '{{count}} 台终端', 'leaflet.receivers': '接收人', 'leaflet.receiversRequired': '请至少选择一位接收人', 'leaflet.receiverSearch': '输入姓名、账号或手机号搜索',
    'leaflet.dueAt': '要求完成时间', 'leaflet.dueRequired': '请选择要求完成时间', 'leaflet.due': '要求完成', 'leaflet.dept': '部门', 'leaflet.status': '状态', 'leaflet.myStatus': '我的状态',
    'leaflet.progress': '进度', 'leaflet.done': '{{done}}/{{total}} 完成', 'leaflet.overdue': '已逾期', 'leaflet.onlyOverdue': '只看逾期',
    'leaflet.createdAt': '派发', 'leaflet.none': '暂无派发传单', 'leaflet.noneMine': '没有派给您的传单',
    'leaflet.acknowledge': '确认收到', 'leaflet.complete': '完成', 'leaflet.completeTitle': '完成传单 #{{id}}', 'leaflet.note': '完成说明', 'leaflet.tooLong': '最多 {{n}} 个字',
    'leaflet.status.1': '已派发', 'leaflet.status.2': '已确认', 'leaflet.status.3': '已完成',
  },
  'en-US': {
    'leaflet.mine': 'Sent to me', 'leaflet.all': 'All leaflets', 'leaflet.add': 'New leaflet', 'leaflet.edit': 'Edit leaflet', 'leaflet.saved': 'Leaflet sent',
    'leaflet.title': 'Title', 'leaflet.titleRequired': 'Please enter a title', 'leaflet.instruction': 'Instruction', 'leaflet.instructionRequired': 'Please enter the instruction',
    'leaflet.groupMode': 'Scope', 'leaflet.byTerminal': 'Terminals', 'leaflet.byArea': 'Areas', 'leaflet.targets': 'Terminals or areas', 'leaflet.targetsRequired': 'Choose at least one terminal or area',
    'leaflet.terminals': 'terminals: {{count}}', 'leaflet.receivers': 'Receivers', 'leaflet.receiversRequired': 'Choose at least one receiver', 'leaflet.receiverSearch': 'Search by name, login or phone',
    'leaflet.dueAt': 'Due', 'leaflet.dueRequired': 'Please choose when it is due', 'leaflet.due': 'Due', 'leaflet.dept': 'Department', 'leaflet.status': 'Status', 'leaflet.myStatus': 'My status',
    'leaflet.progress': 'Progress', 'leaflet.done': '{{done}}/{{total}} done', 'leaflet.overdue': 'Overdue', 'leaflet.onlyOverdue': 'Overdue only',
    'leaflet.createdAt': 'Sent', 'leaflet.none': 'No dispatch leaflets', 'leaflet.noneMine': 'No leaflets sent to you',
    'leaflet.acknowledge': 'Acknowledge', 'leaflet.complete': 'Complete', 'leaflet.completeTitle': 'Complete leaflet #{{id}}', 'leaflet.note': 'Completion note', 'leaflet.tooLong': 'At most {{n}} characters',
    'leaflet.status.1': 'Sent', 'leaflet.status.2': 'Acknowledged', 'leaflet.status.3': 'Completed',
  },
};
