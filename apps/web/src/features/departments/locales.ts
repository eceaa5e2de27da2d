import type { FeatureLocale } from '../../shared/i18n/feature-locales';

export const departmentsLocales: FeatureLocale = {
  'zh-CN': {
    'dept.deptName': '部门名称',
    'dept.parent': '上级部门',
    'dept.root': '顶级部门',
    'dept.leader': '负责人',
    'dept.phone': '联系电话',
    'dept.email': '邮箱',
    'dept.timeZone': '时区',
    'dept.timeZoneHint': '空：取上级部门的时区，否则按终端位置',
    'dept.addTitle': '新增部门',
    'dept.editTitle': '修改部门',
    'dept.saved': '保存成功',
    'dept.deleted': '删除成功',
  },
  'en-US': {
    'dept.deptName': 'Department name',
    'dept.parent': 'Parent department',
    'dept.root': 'Top level',
    'dept.leader': 'Leader',
    'dept.phone': 'Phone',
    'dept.email': 'E-mail',
    'dept.timeZone': 'Time zone',
    'dept.timeZoneHint': "Empty: the parent department's, else from each terminal's position",
    'dept.addTitle': 'Add department',
    'dept.editTitle': 'Edit department',
    'dept.saved': 'Saved',
    'dept.deleted': 'Deleted',
  },
};
