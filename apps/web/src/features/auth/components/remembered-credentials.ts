import { forgetRememberedUser, readRememberedUser, writeRememberedUser } from '../../../shared/cookies/remembered-user';
import { decryptPassword } from '../../../shared/crypto/encrypt-password';

export interface Credentials {
  username: string;
  password: string;
  remember: boolean;
}

/** Username and password for the form; the cookie holds only the ciphertext. */
export function loadRememberedCredentials(key: string | undefined): Credentials | null {
  const stored = readRememberedUser();
  if (!stored) return null;
  return { username: stored.username, password: key ? decryptPassword(stored.password, key) : '', remember: true };
}

export function saveRememberedCredentials(remember: boolean, username: string, encrypted: string): void {
  if (remember) writeRememberedUser({ username, password: encrypted });
  else forgetRememberedUser();
}
