/** Dispatch leaflets (派发传单) and the shared `/policy/getData` / `/policy/delData`. */
export const LEAFLET_MESSAGES = {
  'leaflet.notFound': { 'zh-CN': '派发传单 {id} 不存在或不在您的数据权限范围内', 'en-US': 'Dispatch leaflet {id} does not exist or is outside your data scope' },
  'leaflet.receiversNotFound': { 'zh-CN': '接收人 {id} 不存在、已停用或不在您的数据权限范围内', 'en-US': 'Receiver {id} does not exist, is disabled or is outside your data scope' },
  'leaflet.notReceiver': { 'zh-CN': '您不是派发传单 {id} 的接收人', 'en-US': 'You are not a receiver of dispatch leaflet {id}' },
  'leaflet.refused': {
    'zh-CN': '派发传单 {id} 您的状态为“{status}”，不能{action}',
    'en-US': 'Your receipt of dispatch leaflet {id} is "{status}" and cannot be {action}',
  },
  'leaflet.closed': { 'zh-CN': '派发传单 {id} 已全部完成，不能再修改', 'en-US': 'Dispatch leaflet {id} is completed by everyone and can no longer be changed' },
  'leaflet.noTerminals': { 'zh-CN': '所选区域中没有终端', 'en-US': 'The chosen areas hold no terminals' },
  'policyData.notFound': { 'zh-CN': '策略或派发传单 {id} 不存在或不在您的数据权限范围内', 'en-US': 'No policy or dispatch leaflet {id} exists within your data scope' },
};
