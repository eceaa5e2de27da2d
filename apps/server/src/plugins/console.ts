import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { formatMessage, ResultCode } from '@sl/contracts';
import { requestLocale } from '../http/locale.js';
import { sendError } from '../http/reply.js';

const API_PREFIXES = ['/api/', '/refreshtoken', '/user/'];

/**
 * The build's /assets/ files are named by their content hash, so a browser keeps them for a year and never asks
 * again (each page load otherwise revalidated ~100 chunks and recompiled them); index.html, which names them, is
 * always revalidated. Each may be sent compressed, so a cache keeps one copy per accepted encoding.
 */
const cacheHeaders = (distDir: string) => (res: { setHeader(name: string, value: string): unknown }, filePath: string) => {
  const hashed = path.relative(distDir, filePath).split(path.sep)[0] === 'assets';
  res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.setHeader('vary', 'accept-encoding');
};

/**
 * Serves the built console with client-side routing fallback, as the brotli or gzip copy the build wrote beside a
 * file (scripts/precompress-web.mjs) when the browser accepts one; unknown API paths stay JSON 404s.
 */
export const consolePlugin = fp<{ distDir: string }>(async (app, { distDir }) => {
  const built = existsSync(path.join(distDir, 'index.html'));
  if (built) await app.register(fastifyStatic, { root: distDir, wildcard: true, index: 'index.html', preCompressed: true, cacheControl: false, setHeaders: cacheHeaders(distDir) });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = API_PREFIXES.some((p) => url.startsWith(p));
    if (isApi || request.method !== 'GET') {
      return sendError(request, reply, ResultCode.notFound, formatMessage('validation.noEndpoint', requestLocale(request), { endpoint: `${request.method} ${url}` }));
    }
    if (!built) return reply.code(503).type('text/plain').send('The console is not built yet: run `npm run build`.');
    return reply.type('text/html').sendFile('index.html');
  });
});
