import { ALL_PERMISSIONS, STATUS_NORMAL, type LoginBody, type UserInfo } from '@sl/contracts';
import { badRequest, text, unauthorized, type LocalizedText } from '../http/errors.js';
import type { UserRepository, UserRow } from '../system/user/user-repository.js';
import type { AuthRepository } from './auth-repository.js';
import type { CaptchaService } from './captcha-service.js';
import type { LoginThrottle } from './login-throttle.js';
import type { PasswordCipher } from './password-cipher.js';
import type { PasswordHashService } from './password-hash-service.js';
import type { IssuedToken, TokenClaims, TokenService } from './token-service.js';

export interface ClientContext {
  ip: string;
  userAgent: string;
}

export class AuthService {
  constructor(
    private readonly deps: {
      users: UserRepository;
      repo: AuthRepository;
      captcha: CaptchaService;
      cipher: PasswordCipher;
      throttle: LoginThrottle;
      passwords: PasswordHashService;
      tokens: TokenService;
      captchaRequired: boolean;
    },
  ) {}

  async login(body: Required<LoginBody>, ctx: ClientContext): Promise<IssuedToken> {
    const { users, repo, captcha, cipher, throttle, passwords, tokens } = this.deps;
    const fail = async (msg: LocalizedText, userId?: number) => {
      await repo.logLogin({ userId, username: body.username, success: false, ipaddr: ctx.ip, userAgent: ctx.userAgent, msg });
      return badRequest(msg);
    };
    // A wrong captcha is no password guess: it spends the captcha, not the account's allowance.
    if (this.deps.captchaRequired && !(await captcha.verify(body.uuid, body.code))) throw await fail(text('auth.badCaptcha'));
    const password = cipher.decrypt(body.password);
    const user = await users.findByUsername(body.username);
    const matches = await throttle.compare({ account: body.username, address: ctx.ip }, () => passwords.matches(password, user?.passwordHash));
    if (!user || !matches) throw await fail(text('auth.badCredentials'), user?.userId);
    if (user.status !== STATUS_NORMAL) throw await fail(text('auth.accountDisabled'), user.userId);
    await repo.logLogin({ userId: user.userId, username: user.username, success: true, ipaddr: ctx.ip, userAgent: ctx.userAgent, msg: text('auth.signedIn') });
    return tokens.issue(user);
  }

  async userInfo(userId: number): Promise<UserInfo> {
    const user = await this.deps.users.findById(userId);
    if (!user || user.status !== STATUS_NORMAL) throw unauthorized(text('common.accountGone'));
    const roles = await this.deps.users.activeRoles(userId);
    const permissions = roles.some((r) => r.admin)
      ? [ALL_PERMISSIONS]
      : await this.deps.users.permissionsOfRoles(roles.map((r) => r.roleId));
    return {
      userId: user.userId,
      userName: user.username,
      nickName: user.nickName,
      avatar: user.avatar,
      introduction: user.introduction,
      uniqueId: user.uniqueId,
      deptId: user.deptId,
      roles: roles.map((r) => r.roleKey),
      permissions,
    };
  }

  /** Confirms the signed-in user's password before a sensitive action. */
  async checkPassword(userId: number, encrypted: string, ctx: ClientContext): Promise<void> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw unauthorized(text('common.accountGone'));
    await this.confirmPassword(user, this.deps.cipher.decrypt(encrypted), ctx, text('auth.wrongPassword'));
  }

  /**
   * Compares a password the signed-in user typed, under the same throttle as sign-in: a wrong one
   * counts against the account and the address, and past the limit any is refused, the right one too.
   */
  async confirmPassword(user: UserRow, plain: string, ctx: ClientContext, wrong: LocalizedText): Promise<void> {
    const { throttle, passwords } = this.deps;
    const attempt = { account: user.username, address: ctx.ip };
    if (!(await throttle.compare(attempt, () => passwords.matches(plain, user.passwordHash), 'auth.tooManyPasswordChecks'))) throw badRequest(wrong);
  }

  async logout(claims: TokenClaims, ctx: ClientContext): Promise<void> {
    await this.deps.tokens.revoke(claims);
    await this.deps.repo.logLogin({
      userId: claims.sub, username: claims.name, success: true, ipaddr: ctx.ip, userAgent: ctx.userAgent, msg: text('auth.signedOut'),
    });
  }
}
