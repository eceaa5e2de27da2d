import type { Locale } from '@sl/contracts';

/** One text in each language the seed can write; an installation is seeded in one of them (SEED_LANGUAGE, docs/demo.md). */
export type Bilingual<T = string> = Record<Locale, T>;

/** The names and remarks of the organisation seedDatabase writes at the first start, in the installation's language. */
export const ORGANISATION_TEXTS = {
  'zh-CN': {
    departments: { 1: '路灯管理中心', 2: '运维一部', 3: '运维二部', 4: '监控中心', 5: '城东班组' },
    configs: {
      'sys.app.name': '系统名称', 'sys.app.name.en': '系统名称（英文）', 'sys.index.pageSize': '默认分页大小',
    },
    passwordPolicy: {
      minLength: ['密码最小长度', '新密码的最小长度（6 到 64）'],
      rejectRepeated: ['密码不能全部为同一字符', '新密码不能全部为同一字符（true/false）'],
      rejectCommon: ['密码不能是常见密码', '新密码不能是 123456 等常见密码（true/false）'],
      rejectUsername: ['密码不能与用户名相同', '新密码不能与用户名相同（true/false）'],
    },
    roles: {
      admin: ['系统管理员', '拥有全部权限'],
      editor: ['运维人员', '演示：现场运维'],
      visitor: ['访客', '演示：只读访客'],
      repairer: ['维修员', '演示：维修班组，处理派给它的维修工单'],
    },
    users: { admin: ['管理员', '系统管理员'], operator: '运维员', visitor: '访客' },
  },
  'en-US': {
    departments: { 1: 'Street Lighting Centre', 2: 'Operations One', 3: 'Operations Two', 4: 'Monitoring Centre', 5: 'East District Team' },
    configs: {
      'sys.app.name': 'System name', 'sys.app.name.en': 'System name (English)', 'sys.index.pageSize': 'Default page size',
    },
    passwordPolicy: {
      minLength: ['Password minimum length', 'New passwords: minimum length (6 to 64)'],
      rejectRepeated: ['Password not one repeated character', 'New passwords: refuse one character repeated (true/false)'],
      rejectCommon: ['Password not a common one', 'New passwords: refuse common passwords such as 123456 (true/false)'],
      rejectUsername: ['Password not the user name', 'New passwords: refuse the username (true/false)'],
    },
    roles: {
      admin: ['Administrator', 'Holds every permission'],
      editor: ['Operator', 'Demo: field operations'],
      visitor: ['Visitor', 'Demo: read-only visitor'],
      repairer: ['Repairer', 'Demo: maintenance crew, works the repair orders sent to it'],
    },
    users: { admin: ['Administrator', 'System administrator'], operator: 'Operator', visitor: 'Visitor' },
  },
} as const satisfies Bilingual<unknown>;
