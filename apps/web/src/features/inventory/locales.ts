import type { FeatureLocale } from '../../shared/i18n/feature-locales';

export const inventoryLocales: FeatureLocale = {
  'zh-CN': {
    'inventory.terminal': '终端',
    'inventory.sn': '终端编号',
    'inventory.name': '终端名称',
    'inventory.family': '系列',
    'inventory.model': '型号',
    'inventory.model.1': '集中控制器',
    'inventory.model.2': '单灯控制器',
    'inventory.status': '库存状态',
    'inventory.status.1': '出厂',
    'inventory.status.2': '仓库',
    'inventory.manufacturer': '厂家',
    'inventory.dept': '部门',
  },
  'en-US': {
    'inventory.terminal': 'Terminal',
    'inventory.sn': 'Serial number',
    'inventory.name': 'Name',
    'inventory.family': 'Family',
    'inventory.model': 'Model',
    'inventory.model.1': 'Cabinet controller',
    'inventory.model.2': 'Single-lamp controller',
    'inventory.status': 'Stock status',
    'inventory.status.1': 'In factory',
    'inventory.status.2': 'In warehouse',
    'inventory.manufacturer': 'Manufacturer',
    'inventory.dept': 'Department',
  },
};
