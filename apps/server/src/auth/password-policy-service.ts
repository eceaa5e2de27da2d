import { PASSWORD_POLICY_KEYS, passwordPolicyOf, passwordProblem, type PasswordPolicy, type PasswordProblem } from '@sl/contracts';
import { badRequest, text } from '../http/errors.js';

/** Where the administrator's settings are read (the system configuration). */
export interface PolicySettings {
  values(keys: string[]): Promise<Record<string, string>>;
}

/**
 * The password policy for new passwords (contracts: password-policy.ts), as the administrator set it in the
 * system configuration. Passwords already stored are not checked; the demo accounts' seeded password is
 * written by the seed, not through here (demo mode only).
 */
export class PasswordPolicyService {
  constructor(private readonly settings: PolicySettings) {}

  async current(): Promise<PasswordPolicy> {
    return passwordPolicyOf(await this.settings.values(Object.values(PASSWORD_POLICY_KEYS)));
  }

  /** The rule `plain` breaks as the account `username`'s new password, under `policy` (read when not given). */
  async problem(plain: string, username: string, policy?: PasswordPolicy): Promise<PasswordProblem | undefined> {
    return passwordProblem(plain, username, policy ?? (await this.current()));
  }

  /** Refuses (400, naming the rule) a new password that breaks the policy. */
  async assertAcceptable(plain: string, username: string): Promise<void> {
    const found = await this.problem(plain, username);
    if (found) throw badRequest(text(found.key, found.params));
  }
}
