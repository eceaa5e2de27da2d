import type { FeatureLocale } from '../i18n/feature-locales';

export const pickerLocales: FeatureLocale = {
  'zh-CN': { 'picker.keyword': '终端名称或序列号', 'picker.name': '终端名称', 'picker.dept': '部门', 'picker.online': '在线', 'picker.on': '在线', 'picker.off': '离线', 'picker.selected': '已选 {{count}} 台', 'picker.clear': '清空' },
  'en-US': { 'picker.keyword': 'Terminal name or serial number', 'picker.name': 'Terminal', 'picker.dept': 'Department', 'picker.online': 'Online', 'picker.on': 'Online', 'picker.off': 'Offline', 'picker.selected': '{{count}} selected', 'picker.clear': 'Clear' },
};
