import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { PASSWORD_RULE, type PasswordPolicy } from '@sl/contracts';
import { passwordPolicyRule } from '../../../shared/form/password-policy-rule';

/** The plain-password rule of the contract and the server's password policy, checked before encryption. */
export const passwordRules = (t: TFunction, label: string, policy?: PasswordPolicy, username: () => string = () => ''): Rule[] => [
  { required: true, whitespace: true, message: t('validation.required', { label }) },
  { min: PASSWORD_RULE.min, message: t('validation.minLength', { label, min: PASSWORD_RULE.min }) },
  { max: PASSWORD_RULE.max, message: t('validation.maxLength', { label, max: PASSWORD_RULE.max }) },
  passwordPolicyRule(policy, username),
];
