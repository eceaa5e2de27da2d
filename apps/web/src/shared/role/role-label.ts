import { i18n } from '../i18n';

/**
 * English names of the seeded roles, keyed by their seeded Chinese name (the name a zh-CN installation stores;
 * apps/server/src/seed/seed-texts.ts has both languages' names).
 */
const SEEDED_ROLES_EN: Record<string, string> = {
  系统管理员: 'Administrator',
  运维人员: 'Operations staff',
  访客: 'Visitor',
  维修员: 'Repairer',
};

/** A role's name in the session's language: seeded roles are translated, a name an administrator typed is shown as typed. */
export const roleLabel = (name: string): string =>
  i18n.language === 'en-US' ? (SEEDED_ROLES_EN[name] ?? name) : name;
