/** The alarm workflow: alarms, work orders, SMS. `{status}` and `{event}` are given in both languages. */
export const ALARM_MESSAGES = {
  'alarm.refused': {
    'zh-CN': '告警 {alarmId} 当前为“{status}”，不能{event}',
    'en-US': 'Alarm {alarmId} is "{status}" and cannot be {event}',
  },
  'alarm.notFound': { 'zh-CN': '告警 {ids} 不存在或不在您的数据权限范围内', 'en-US': 'Alarm {ids} does not exist or is outside your data scope' },
  'alarmLog.notFound': { 'zh-CN': '告警日志 {ids} 不存在或不在您的数据权限范围内', 'en-US': 'Alarm log {ids} does not exist or is outside your data scope' },
  'alarmSet.familyTaken': { 'zh-CN': '协议 {family} 已有告警设置，请修改它', 'en-US': 'Family {family} already has alarm settings; edit them instead' },
  'alarmSet.notFound': { 'zh-CN': '告警设置 {setId} 不存在', 'en-US': 'Alarm settings {setId} do not exist' },
  'alarmSet.deptRequired': { 'zh-CN': '请指定部门 deptId：您的账号不属于任何部门', 'en-US': 'deptId is required: your account belongs to no department' },
  'alarmSet.governsOutside': {
    'zh-CN': 'deptId：部门 {deptId} 的告警设置也作用于其下级部门，其中有部门不在您的数据权限范围内，您不能修改',
    'en-US': 'deptId: the alarm settings of department {deptId} also govern departments below it that are outside your data scope, so you cannot change them',
  },
  'alarmSet.smsUsersOutside': {
    'zh-CN': 'smsUserIds：用户 {ids} 不存在、不在您的数据权限范围内，或不属于部门 {deptId} 及其下级部门',
    'en-US': 'smsUserIds: user {ids} does not exist, is outside your data scope, or is not in department {deptId} or below',
  },
  'alarm.idRequired': { 'zh-CN': '缺少告警编号 alarmId', 'en-US': 'alarmId is required' },
  'alarm.terminalNotFound': { 'zh-CN': '终端 {terminalId} 不存在或不在您的数据权限范围内', 'en-US': 'Terminal {terminalId} does not exist or is outside your data scope' },
  'alarm.alreadyOpen': { 'zh-CN': '该终端已有一条未关闭的同类告警', 'en-US': 'This terminal already has an open alarm of this kind' },
  'order.refused': {
    'zh-CN': '工单 {orderId} 当前为“{status}”，不能{event}',
    'en-US': 'Work order {orderId} is "{status}" and cannot be {event}',
  },
  'order.notFound': { 'zh-CN': '工单 {orderId} 不存在或不在您的数据权限范围内', 'en-US': 'Work order {orderId} does not exist or is outside your data scope' },
  'order.notAssignee': { 'zh-CN': '只有工单的维修人员可以执行此操作', 'en-US': 'Only the maintenance person of the order may do this' },
  'order.badAssignee': {
    'zh-CN': '维修人员 {userId} 必须是有手机号的在用用户，且属于告警所在部门或其上级部门',
    'en-US': 'Maintenance person {userId} must be an active user with a phone number in the alarms\' department or one of its parents',
  },
  'order.mixedDepartments': { 'zh-CN': '一个工单中的告警必须属于同一部门', 'en-US': 'The alarms of one work order must belong to one department' },
  'sms.userNotFound': { 'zh-CN': '用户 {ids} 不存在或不在您的数据权限范围内', 'en-US': 'User {ids} does not exist or is outside your data scope' },
  'order.photoType': { 'zh-CN': '照片必须是 PNG、JPEG、GIF 或 WebP 图片', 'en-US': 'The photo must be a PNG, JPEG, GIF or WebP image' },
  'order.tooManyPhotos': { 'zh-CN': '每个工单最多上传 {n} 张照片', 'en-US': 'At most {n} photos can be uploaded for a work order' },
  'order.photoForeign': { 'zh-CN': 'photos.{index} 不是为工单 {orderId} 上传的照片', 'en-US': 'photos.{index} is not a photo uploaded for work order {orderId}' },
  'order.noteRequired': { 'zh-CN': '请填写说明', 'en-US': 'Please enter a note' },
} as const;
