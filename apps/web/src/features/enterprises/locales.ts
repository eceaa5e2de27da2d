import type { FeatureLocale } from '../../shared/i18n/feature-locales';

export const enterprisesLocales: FeatureLocale = {
  'zh-CN': {
    'enterprise.add': '新增企业',
    'enterprise.edit': '修改企业',
    'enterprise.name': '企业名称',
    'enterprise.code': '企业编码',
    'enterprise.contact': '联系人',
    'enterprise.phone': '联系电话',
    'enterprise.address': '地址',
    'enterprise.region': '所属区域',
    'enterprise.saved': '企业已保存',
  },
  'en-US': {
    'enterprise.add': 'Add enterprise',
    'enterprise.edit': 'Edit enterprise',
    'enterprise.name': 'Name',
    'enterprise.code': 'Code',
    'enterprise.contact': 'Contact',
    'enterprise.phone': 'Phone',
    'enterprise.address': 'Address',
    'enterprise.region': 'Region',
    'enterprise.saved': 'Enterprise saved',
  },
};
