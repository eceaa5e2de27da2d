/** Fleet records: boxes, repairs, heartbeat tests and device logs. */
export const RECORDS_MESSAGES = {
  'records.heartRunBusy': {
    'zh-CN': '全部终端心跳测试正在进行（{done} / {total}），请等待其完成',
    'en-US': 'A heartbeat test of all terminals is already running ({done} of {total}); wait for it to finish',
  },
  'records.heartRunEmpty': {
    'zh-CN': '您的数据权限范围内没有可测试的终端',
    'en-US': 'There are no terminals to test in your data scope',
  },
  'records.boxNotFound': {
    'zh-CN': '终端箱 {ids} 不存在或不在您的数据权限范围内',
    'en-US': 'Box {ids} does not exist or is outside your data scope',
  },
  'records.boxOccupied': {
    'zh-CN': '终端箱 {ids} 中仍有终端，请先卸载',
    'en-US': 'Box {ids} still holds terminals; unmount them first',
  },
  'records.boxCodeTaken': {
    'zh-CN': '终端箱编号“{code}”已被使用',
    'en-US': 'The box code "{code}" is already in use',
  },
  'records.deptOutOfScope': {
    'zh-CN': '部门 {deptId} 不存在或不在您的数据权限范围内',
    'en-US': 'Department {deptId} does not exist or is outside your data scope',
  },
  'records.replaceSelf': {
    'zh-CN': '替换终端不能是故障终端本身',
    'en-US': 'The replacement must be another terminal than the failed one',
  },
  'records.replaceNotInUse': {
    'zh-CN': '终端 {sn} 不在使用中，无法更换',
    'en-US': 'Terminal {sn} is not in use, so it cannot be replaced',
  },
  'records.replaceNotSpare': {
    'zh-CN': '替换终端 {sn} 必须在出厂或仓库状态',
    'en-US': 'The replacement {sn} must be in the factory or the warehouse',
  },
  'records.replaceMismatch': {
    'zh-CN': '替换终端必须与故障终端的型号系列相同（{family}，型号 {model}）',
    'en-US': "The replacement must match the failed terminal's family and model ({family}, model {model})",
  },
  'records.logNotFound': {
    'zh-CN': '日志 {id} 不存在或不在您的数据权限范围内',
    'en-US': 'Log {id} does not exist or is outside your data scope',
  },
} as const;
