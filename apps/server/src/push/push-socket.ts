import type { WebSocket } from 'ws';
import type { PushChannel } from '@sl/contracts';
import { PushCloseCode } from '@sl/contracts';
import type { Services } from '../services.js';
import type { PushGrant } from './push-auth.js';
import { pingReply } from './keepalive.js';
import { cachedViewer, loadViewer } from './viewer-source.js';

const MAX_TIMER_MS = 2 ** 31 - 1;
/** Server-side liveness: a socket that misses a protocol pong for this long is dropped (proxies drop idle ones anyway). */
const LIVENESS_MS = 60_000;

/** Joins an authorised socket to the hub, answers pings, and closes it when its token expires. */
export function attachSocket(services: Services, socket: WebSocket, channel: PushChannel, grant: PushGrant) {
  if (grant.refusal) return socket.close(PushCloseCode.forbidden, grant.refusal);
  const userId = grant.claims.sub;
  const remove = services.push.add({
    userId,
    channel,
    viewer: cachedViewer(() => loadViewer(services.db, services.access, userId), grant.viewer),
    send: (text) => {
      if (socket.readyState === socket.OPEN) socket.send(text);
    },
    close: (code, reason) => socket.close(code, reason),
  });
  const expiry = setTimeout(() => socket.close(PushCloseCode.unauthorized, 'The token has expired'), Math.min(grant.claims.exp * 1000 - Date.now(), MAX_TIMER_MS));
  let alive = true;
  const liveness = setInterval(() => {
    if (!alive) return socket.terminate();
    alive = false;
    socket.ping();
  }, LIVENESS_MS);
  socket.on('pong', () => (alive = true));
  socket.on('message', (data, isBinary) => {
    alive = true;
    const reply = isBinary ? undefined : pingReply(data.toString());
    if (reply) socket.send(reply);
  });
  socket.on('close', () => {
    remove();
    clearTimeout(expiry);
    clearInterval(liveness);
  });
}
