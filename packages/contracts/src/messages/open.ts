/** The open API (/api/open/v1), its clients and webhooks. */
export const OPEN_MESSAGES = {
  'open.badClient': { 'zh-CN': '客户端标识或密钥不正确，或客户端已停用', 'en-US': 'The client id or secret is wrong, or the client is disabled' },
  'open.badGrant': { 'zh-CN': '只支持 grant_type=client_credentials', 'en-US': 'Only grant_type=client_credentials is supported' },
  'open.badScope': { 'zh-CN': '客户端没有所请求的权限范围：{scope}', 'en-US': 'The client does not hold the requested scope: {scope}' },
  'open.badToken': { 'zh-CN': '访问令牌缺失、无效或已过期', 'en-US': 'The access token is missing, invalid or expired' },
  'open.tokenThrottled': { 'zh-CN': '令牌请求过于频繁，请 {seconds} 秒后再试', 'en-US': 'Too many token requests; try again in {seconds} s' },
  'open.missingScope': { 'zh-CN': '此操作需要权限范围 {scope}', 'en-US': 'This call needs the scope {scope}' },
  'open.rateLimited': { 'zh-CN': '调用过于频繁：每分钟最多 {limit} 次，请 {seconds} 秒后再试', 'en-US': 'Too many calls: at most {limit} a minute; try again in {seconds} s' },
  'open.deviceNotFound': { 'zh-CN': '设备 {id} 不存在或不在客户端的部门范围内', 'en-US': 'Device {id} does not exist or is outside the client\'s department' },
  'open.commandNotFound': { 'zh-CN': '命令 {id} 不存在或不在客户端的部门范围内', 'en-US': 'Command {id} does not exist or is outside the client\'s department' },
  'open.badCursor': { 'zh-CN': 'cursor 不是上一页返回的 nextCursor', 'en-US': 'cursor is not the nextCursor of a previous page' },
  'open.clientNotFound': { 'zh-CN': 'API 客户端 {id} 不存在', 'en-US': 'API client {id} does not exist' },
  'open.deptNotFound': { 'zh-CN': '部门 {id} 不存在或不在您的数据权限范围内', 'en-US': 'Department {id} does not exist or is outside your data scope' },
  'open.webhookNotFound': { 'zh-CN': '推送订阅 {id} 不存在', 'en-US': 'Webhook subscription {id} does not exist' },
  'open.webhookLimit': { 'zh-CN': '每个客户端最多 {max} 个推送订阅', 'en-US': 'A client may have at most {max} webhook subscriptions' },
};
