/** The digital map. */
export const MAP_MESSAGES = {
  'map.terminalNotFound': {
    'zh-CN': '终端 {terminalId} 不存在或不在您的数据权限范围内',
    'en-US': 'Terminal {terminalId} does not exist or is outside your data scope',
  },
} as const;
