import type { wxStandinConfirmBody } from '@sl/contracts';
import type { z } from 'zod';
import type { AuthRepository } from '../../auth/auth-repository.js';
import type { ClientContext } from '../../auth/auth-service.js';
import type { LoginThrottle } from '../../auth/login-throttle.js';
import type { PasswordCipher } from '../../auth/password-cipher.js';
import type { PasswordHashService } from '../../auth/password-hash-service.js';
import { badRequest, text } from '../../http/errors.js';
import type { ExpiringStore } from './expiring-store.js';
import type { StandinProvider } from './standin-provider.js';
import type { WxRepository } from './wx-repository.js';

export interface StandinConfirmDeps {
  provider: StandinProvider;
  /** The states of the QR codes shown (WxService writes them). */
  states: ExpiringStore;
  repo: WxRepository;
  authRepo: AuthRepository;
  cipher: PasswordCipher;
  throttle: LoginThrottle;
  passwords: PasswordHashService;
}

/**
 * The stand-in's "confirm" button. The real app knows who holds the phone; the stand-in cannot, so an
 * open id already bound to a user confirms only with that user's password (throttled and logged like a
 * sign-in). An open id not yet bound confirms freely: binding it asks for the password anyway.
 */
export class StandinConfirmation {
  constructor(private readonly deps: StandinConfirmDeps) {}

  /** A one-time code for the open id, once its bound user's password checks out. */
  async confirm(body: z.output<typeof wxStandinConfirmBody>, ctx: ClientContext): Promise<string> {
    const { provider, states, repo, authRepo, cipher, throttle, passwords } = this.deps;
    if (!(await states.get(body.state))) throw badRequest(text('wx.stateExpired'));
    const user = await repo.boundUser(provider.name, body.openId);
    if (user) {
      if (!body.password) throw badRequest(text('wx.standinPasswordRequired'));
      const attempt = { account: user.username, address: ctx.ip };
      const password = cipher.decrypt(body.password);
      if (!(await throttle.compare(attempt, () => passwords.matches(password, user.passwordHash)))) {
        const msg = text('auth.wrongPasswordAtStandin');
        await authRepo.logLogin({ userId: user.userId, username: user.username, success: false, ipaddr: ctx.ip, userAgent: ctx.userAgent, msg });
        throw badRequest(text('auth.wrongPassword'));
      }
    }
    return provider.issueCode(body.openId);
  }
}
