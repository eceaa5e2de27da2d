/** Permission strings of the 控制策略 and 计划管理 pages (menu catalogue). */
const crud = (key: string) => ({ query: `${key}:query`, add: `${key}:add`, edit: `${key}:edit`, remove: `${key}:remove` }) as const;

export const CONTROL_PERMISSION = {
  policy: crud('policy:policy'),
  template: crud('policy:template'),
  strategy: crud('policy:strategy'),
  area: crud('policy:area'),
  electricity: crud('policy:electricity'),
  maintenance: crud('policy:maintenance'),
  plan: crud('plan:plan'),
  emergency: crud('plan:emergency'),
} as const;
