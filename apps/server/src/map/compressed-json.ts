import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Sends JSON text compressed as the client accepts (brotli, else gzip, else plain). Only the map's bulk call
 * uses it: its answer is megabytes of digits, which compress about threefold, and the fast settings keep the
 * work (on libuv's thread pool, off the event loop) to tens of milliseconds.
 */
export async function sendCompressedJson(request: FastifyRequest, reply: FastifyReply, text: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'Accept-Encoding');
  if (/\bbr\b/.test(accepts)) {
    const body = await brotli(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(await gzip(text, { level: 3 }));
  return reply.send(text);
}
