import { pushPath, type PushChannel } from '@sl/contracts';
import { getToken } from '../cookies/token';

type Where = Pick<Location, 'protocol' | 'host'>;

/**
 * Address of a push channel on the console's own host (the server, or the dev server that proxies
 * /api with ws), wss under https, the token cookie in `?token=`. Empty without a uniqueId, which
 * the connection reports as an empty address.
 */
export function pushUrl(channel: PushChannel, uniqueId: string, userId: number, where: Where = location, token = getToken()): string {
  if (!uniqueId) return '';
  const scheme = where.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return `${scheme}//${where.host}${pushPath(channel, encodeURIComponent(uniqueId), userId)}${query}`;
}
