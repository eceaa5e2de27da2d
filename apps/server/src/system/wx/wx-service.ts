import { randomBytes } from 'node:crypto';
import { STATUS_NORMAL, type WxAccessToken, type WxLoginResult, type WxQrCode, type wxBindBody, type wxCodeBody } from '@sl/contracts';
import type { z } from 'zod';
import type { AuthRepository } from '../../auth/auth-repository.js';
import type { ClientContext } from '../../auth/auth-service.js';
import type { LoginThrottle } from '../../auth/login-throttle.js';
import type { PasswordCipher } from '../../auth/password-cipher.js';
import type { PasswordHashService } from '../../auth/password-hash-service.js';
import type { TokenService } from '../../auth/token-service.js';
import { badRequest, text, type LocalizedText } from '../../http/errors.js';
import type { UserRepository } from '../user/user-repository.js';
import type { ExpiringStore } from './expiring-store.js';
import type { OAuthProvider } from './oauth-provider.js';
import type { UserRow, WxRepository } from './wx-repository.js';

const NOT_AUTHORISED = text('wx.notAuthorised');

export interface WxDeps {
  provider?: OAuthProvider;
  /** The states of the QR codes shown, until they expire. */
  states: ExpiringStore;
  repo: WxRepository;
  users: UserRepository;
  authRepo: AuthRepository;
  tokens: TokenService;
  cipher: PasswordCipher;
  throttle: LoginThrottle;
  passwords: PasswordHashService;
}

/** QR sign-in: exchange the app's code, sign in a bound open id, or bind it to a user who proves their password. */
export class WxService {
  constructor(private readonly deps: WxDeps) {}

  async qrcode(origin: string): Promise<WxQrCode> {
    const provider = this.provider();
    const state = randomBytes(16).toString('hex');
    await this.deps.states.put(state, origin);
    return { state, authorizeUrl: provider.authorizeUrl(state, origin), appid: provider.appid };
  }

  exchange(body: z.output<typeof wxCodeBody>): Promise<WxAccessToken> {
    const provider = this.provider();
    if (body.appid !== provider.appid) throw badRequest(text('wx.wrongApp', { appid: body.appid }));
    return provider.exchangeCode(body.appid, body.code);
  }

  async login(accessToken: string, openId: string, ctx: ClientContext): Promise<WxLoginResult> {
    const provider = await this.authorised(accessToken, openId);
    const user = await this.deps.repo.boundUser(provider.name, openId);
    if (!user) return { bound: false };
    await this.assertEnabled(user, ctx);
    return this.signIn(user, ctx, text('auth.signedInByQr'));
  }

  async bind(body: z.output<typeof wxBindBody>, ctx: ClientContext): Promise<WxLoginResult> {
    const { throttle, passwords, users, cipher, repo } = this.deps;
    const user = body.userId !== undefined ? await users.findById(body.userId) : await users.findByUsername(body.username!);
    const attempt = { account: user?.username ?? body.username ?? `#${body.userId}`, address: ctx.ip };
    const provider = await this.authorised(body.accessToken, body.openId);
    const password = cipher.decrypt(body.password);
    const matched = await throttle.compare(attempt, () => passwords.matches(password, user?.passwordHash));
    if (!user || !matched) {
      throw await this.failure(text('auth.badCredentials'), ctx, user ?? { userId: null, username: attempt.account });
    }
    await this.assertEnabled(user, ctx);
    await repo.transaction(async (tx) => {
      await tx.bind({ provider: provider.name, openId: body.openId, userId: user.userId, phone: body.phone });
      if (body.phone) await tx.setPhoneIfEmpty(user.userId, body.phone);
    });
    return this.signIn(user, ctx, text('auth.boundAndSignedIn'));
  }

  private async signIn(user: UserRow, ctx: ClientContext, msg: LocalizedText): Promise<WxLoginResult> {
    await this.deps.authRepo.logLogin({ userId: user.userId, username: user.username, success: true, ipaddr: ctx.ip, userAgent: ctx.userAgent, msg });
    return { bound: true, ...this.deps.tokens.issue(user) };
  }

  private async assertEnabled(user: UserRow, ctx: ClientContext): Promise<void> {
    if (user.status !== STATUS_NORMAL) throw await this.failure(text('auth.accountDisabled'), ctx, user);
  }

  /** Records the failed sign-in and returns the error to throw. */
  private async failure(msg: LocalizedText, ctx: ClientContext, user: { userId: number | null; username: string }) {
    await this.deps.authRepo.logLogin({ userId: user.userId, username: user.username, success: false, ipaddr: ctx.ip, userAgent: ctx.userAgent, msg });
    return badRequest(msg);
  }

  private async authorised(accessToken: string, openId: string): Promise<OAuthProvider> {
    const provider = this.provider();
    if (!(await provider.verify(accessToken, openId))) throw badRequest(NOT_AUTHORISED);
    return provider;
  }

  private provider(): OAuthProvider {
    if (!this.deps.provider) throw badRequest(text('wx.notConfigured'));
    return this.deps.provider;
  }
}
