import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/** A Host header fit to be written into the policy (anything else is left out, and 'self' still applies). */
const HOST = /^[\w.-]+(:\d{1,5})?$|^\[[\da-f:.]+\](:\d{1,5})?$/i;

/** The console's own push sockets: 'self' covers them in current browsers, the explicit host in older ones. */
const pushSockets = (req: IncomingMessage) => {
  const host = req.headers.host ?? '';
  return HOST.test(host) ? `ws://${host} wss://${host}` : '';
};

/**
 * What the built console needs and no more: its own scripts only (no inline script, no eval),
 * inline styles (antd writes its CSS at run time), data: images (captcha), blob: and https: images
 * (downloads, map tiles from a configured provider), workers from blob: (map clustering),
 * connections to itself (API and push sockets). Nobody may frame it.
 */
export const CONSOLE_CSP = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", pushSockets],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  manifestSrc: ["'self'"],
};

/** An uploaded file is shown, never run: no script, no plugin, a sandboxed origin if opened directly. */
export const UPLOAD_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";
const INLINE_UPLOADS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp']);

/** Headers of a file served from /uploads (a setHeaders hook of @fastify/static): images inline, anything else downloaded. */
export function setUploadHeaders(res: { setHeader(name: string, value: string): unknown }, filePath: string) {
  res.setHeader('content-security-policy', UPLOAD_CSP);
  res.setHeader('content-disposition', INLINE_UPLOADS.has(path.extname(filePath).toLowerCase()) ? 'inline' : 'attachment');
}

/** Security headers on every answer: the console, the API, the documentation and uploads. */
export const securityHeadersPlugin = fp(async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONSOLE_CSP },
    frameguard: { action: 'deny' },
    // Map tile providers ask for the origin; the path and query of a console page never leave it.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only honoured over HTTPS; subdomains may belong to someone else.
    strictTransportSecurity: { maxAge: 180 * 86400, includeSubDomains: false },
  });
});
