import bcrypt from 'bcryptjs';

/** bcrypt hashes of passwords at the configured cost (PASSWORD_HASH_COST); every password comparison goes through `matches`. */
export class PasswordHashService {
  /** Compared when the account does not exist, so that both failures take the same time. */
  private readonly dummy: Promise<string>;

  constructor(readonly cost: number) {
    this.dummy = bcrypt.hash('not-a-real-password', cost);
  }

  hash(plain: string): Promise<string> {
    return bcrypt.hash(plain, this.cost);
  }

  /** Whether `plain` is the password of `hash`; with no hash (no such account), false after as long as a real comparison. */
  async matches(plain: string, hash: string | undefined): Promise<boolean> {
    const matched = await bcrypt.compare(plain, hash ?? (await this.dummy));
    return hash !== undefined && matched;
  }
}
