import { and, eq, gt, lt } from 'drizzle-orm';
import { formatMessage } from '@sl/contracts';
import type { Db } from '../db/client.js';
import type { LocalizedText } from '../http/errors.js';
import { captchas, loginLogs, revokedTokens } from '../db/schema/index.js';

export interface LoginLogEntry {
  userId?: number | null;
  username: string;
  success: boolean;
  ipaddr: string;
  userAgent: string;
  /** Stored as its catalogue key and parameters (the list shows it in the reader's language) and in English. */
  msg: LocalizedText;
}

export class AuthRepository {
  constructor(private readonly db: Db) {}

  async saveCaptcha(id: string, answer: string, expiresAt: Date): Promise<void> {
    await this.db.insert(captchas).values({ id, answer, expiresAt });
  }

  /** Removes the captcha and returns its answer if it had not expired: each captcha is good for one try. */
  async takeCaptcha(id: string): Promise<string | undefined> {
    const rows = await this.db
      .delete(captchas)
      .where(and(eq(captchas.id, id), gt(captchas.expiresAt, new Date())))
      .returning({ answer: captchas.answer });
    return rows[0]?.answer;
  }

  async purgeExpired(now = new Date()): Promise<void> {
    await this.db.delete(captchas).where(lt(captchas.expiresAt, now));
    await this.db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
  }

  /** Adds the token id to the revoked list; false when it was there already. */
  async revoke(jti: string, expiresAt: Date): Promise<boolean> {
    const rows = await this.db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing().returning({ jti: revokedTokens.jti });
    return rows.length > 0;
  }

  async isRevoked(jti: string): Promise<boolean> {
    const rows = await this.db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, jti)).limit(1);
    return rows.length > 0;
  }

  async logLogin(entry: LoginLogEntry): Promise<void> {
    await this.db.insert(loginLogs).values({
      userId: entry.userId ?? null,
      username: entry.username.slice(0, 64),
      status: entry.success ? '2' : '1',
      ipaddr: entry.ipaddr.slice(0, 64),
      userAgent: entry.userAgent.slice(0, 255),
      msg: formatMessage(entry.msg.key, 'en-US', entry.msg.params).slice(0, 255),
      msgKey: entry.msg.key,
      msgParams: entry.msg.params ?? null,
    });
  }
}
