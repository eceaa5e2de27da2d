import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether an Authorization header carries exactly `Bearer <token>`; compared in constant time. */
export function bearerMatches(token: string, authorization: string | undefined): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return !!match && timingSafeEqual(digest(match[1]), digest(token));
}
