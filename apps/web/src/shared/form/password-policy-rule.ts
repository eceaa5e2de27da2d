import type { Rule } from 'antd/es/form';
import { formatMessage, passwordProblem, type PasswordPolicy } from '@sl/contracts';
import { i18n } from '../i18n';

/** The message the server would answer for a password that breaks `policy`, in the console's language; undefined when it passes. */
export function passwordPolicyMessage(plain: string, username: string, policy: PasswordPolicy): string | undefined {
  const found = passwordProblem(plain, username, policy);
  return found && formatMessage(found.key, i18n.language === 'en-US' ? 'en-US' : 'zh-CN', found.params);
}

/**
 * An antd Form rule checking a new password (trimmed, as the forms send it) against the server's password policy
 * (app-config), with the server's own messages. Without the policy (not loaded yet) the server still checks.
 */
export function passwordPolicyRule(policy: PasswordPolicy | undefined, username: () => string): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (!policy || typeof value !== 'string' || value.trim() === '') return;
      const message = passwordPolicyMessage(value.trim(), username(), policy);
      if (message) throw new Error(message);
    },
  };
}
