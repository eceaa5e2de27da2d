import type { FeatureLocale } from '../../shared/i18n/feature-locales';

export const repairsLocales: FeatureLocale = {
  'zh-CN': {
    'repair.failed': '故障终端',
    'repair.replacement': '替换终端',
    'repair.reason': '更换原因',
    'repair.user': '操作人',
    'repair.time': '更换时间',
    'repair.keyword': '终端',
    'repair.keywordPlaceholder': '任一终端的编号或名称',
    'repair.replace': '更换终端',
    'repair.replaced': '终端已更换',
    'repair.sparePlaceholder': '从库存中按编号搜索',
    'repair.sameTerminal': '替换终端不能是故障终端本身',
    'repair.howItWorks': '替换终端接替故障终端的部门、区域、箱体和位置并投入使用；故障终端转为维修中。两台终端各自保留自己的历史记录。',
  },
  'en-US': {
    'repair.failed': 'Failed terminal',
    'repair.replacement': 'Replacement',
    'repair.reason': 'Reason',
    'repair.user': 'By',
    'repair.time': 'Replaced at',
    'repair.keyword': 'Terminal',
    'repair.keywordPlaceholder': 'Serial number or name of either terminal',
    'repair.replace': 'Replace a terminal',
    'repair.replaced': 'Terminal replaced',
    'repair.sparePlaceholder': 'Search the inventory by serial number',
    'repair.sameTerminal': 'The replacement must be another terminal than the failed one',
    'repair.howItWorks': "The replacement takes the failed terminal's department, area, box and position and goes into use; the failed terminal goes under repair. Each keeps its own history.",
  },
};
