import type { FeatureLocale } from '../../shared/i18n/feature-locales';

export const workOrdersLocales: FeatureLocale = {
  'zh-CN': {
    'order.mine': '我的工单', 'order.all': '全部工单', 'order.status': '工单状态', 'order.none': '暂无工单', 'order.noneMine': '没有派给您的工单',
    'order.priority': '优先级', 'order.priority.1': '紧急', 'order.priority.2': '普通', 'order.priority.3': '低',
    'order.dueAt': '要求完成时间', 'order.due': '要求完成', 'order.instruction': '派单说明', 'order.assignee': '维修人员', 'order.createdAt': '派单',
    'order.progressNote': '进度', 'order.completionNote': '完成说明', 'order.note': '说明', 'order.noteRequired': '请填写说明', 'order.tooLong': '最多 {{n}} 个字',
    'order.navigate': '导航', 'order.photos': '现场照片', 'order.photosHint': '用手机相机拍照，最多 6 张', 'order.takePhoto': '拍照',
    'order.completeTitle': '完成工单 #{{id}}',
    'order.action.pickUp': '接单', 'order.action.progress': '上报进度', 'order.action.complete': '完成', 'order.action.rollBack': '回退', 'order.action.recall': '撤回',
  },
  'en-US': {
    'order.mine': 'My orders', 'order.all': 'All orders', 'order.status': 'Order status', 'order.none': 'No work orders', 'order.noneMine': 'No orders assigned to you',
    'order.priority': 'Priority', 'order.priority.1': 'Urgent', 'order.priority.2': 'Normal', 'order.priority.3': 'Low',
    'order.dueAt': 'Due', 'order.due': 'Due', 'order.instruction': 'Instruction', 'order.assignee': 'Maintenance', 'order.createdAt': 'Dispatched',
    'order.progressNote': 'Progress', 'order.completionNote': 'Completion note', 'order.note': 'Note', 'order.noteRequired': 'Please enter a note', 'order.tooLong': 'At most {{n}} characters',
    'order.navigate': 'Navigate', 'order.photos': 'Photos', 'order.photosHint': "Taken with the phone's camera, at most 6", 'order.takePhoto': 'Take a photo',
    'order.completeTitle': 'Complete order #{{id}}',
    'order.action.pickUp': 'Pick up', 'order.action.progress': 'Progress', 'order.action.complete': 'Complete', 'order.action.rollBack': 'Roll back', 'order.action.recall': 'Recall',
  },
};
