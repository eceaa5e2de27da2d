/**
 * Texts the server stores and words when they are read (issue 27): task outcomes and alarm descriptions are kept
 * as a key with parameters, next to their English text for exports and older tools. Rows written before keep
 * reading from their stored text.
 */
export const STORED_MESSAGES = {
  'stored.overrideExpired': { 'zh-CN': '终端确认前已过期', 'en-US': 'expired before the terminal confirmed it' },
  'stored.noGateway': { 'zh-CN': '没有可用的设备网关', 'en-US': 'no device gateway' },
  'stored.sendFailed': { 'zh-CN': '发送失败：{reason}', 'en-US': 'send failed: {reason}' },
  'stored.publishFailed': { 'zh-CN': '无法发布到消息服务器', 'en-US': 'could not publish to the broker' },
  'stored.replyRefused': {
    'zh-CN': '应答被拒收：其数据含有 \\u0000 或孤立的代理字符，无法保存',
    'en-US': 'reply refused: its data holds \\u0000 or a lone surrogate, which cannot be stored',
  },
  /** `{kind}` is the alarm kind's name, `{detail}` the loop, phase and value (word-stored.ts composes both). */
  'stored.alarmDescription': { 'zh-CN': '{kind}{detail}', 'en-US': '{kind}{detail}' },
  'stored.alarmLoop': { 'zh-CN': '回路 {loop}', 'en-US': 'loop {loop}' },
  'stored.alarmPhase': { 'zh-CN': '{phase} 相', 'en-US': 'phase {phase}' },
  'stored.alarmValue': { 'zh-CN': '数值 {value}', 'en-US': 'value {value}' },
};
