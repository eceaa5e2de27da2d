import { mkdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from './support/multipart.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);

/** The CSP of a response as directive name → sources. */
function policy(res: LightMyRequestResponse): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(header.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...sources]) => [name, sources]));
}

function expectCommonHeaders(res: LightMyRequestResponse) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

function expectConsolePolicy(res: LightMyRequestResponse) {
  expectCommonHeaders(res);
  const csp = policy(res);
  expect(csp['script-src']).toEqual(["'self'"]);
  expect(csp['default-src']).toEqual(["'self'"]);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['img-src']).toEqual(expect.arrayContaining(['data:', 'blob:']));
  expect(csp['connect-src']).toEqual(["'self'", 'ws://console.example:8080', 'wss://console.example:8080']);
  expect(JSON.stringify(csp)).not.toMatch(/unsafe-eval|upgrade-insecure-requests/);
}

describe('security headers on the console, the API and uploads', () => {
  let t: TestApp;
  let token: string;
  const dataDir = `/tmp/sl-test-headers-${process.pid}`;
  const webDist = path.join(dataDir, 'web');
  const host = { host: 'console.example:8080' };

  beforeAll(async () => {
    mkdirSync(webDist, { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'assets', 'index-Ab12Cd34.js'), 'export {};');
    t = await createTestApp('pglite', { DATA_DIR: dataDir, WEB_DIST: webDist });
    token = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the console, its client-side routes and the API documentation', async () => {
    for (const url of ['/', '/dashboard', '/system/sysuser?tab=2', '/api/docs/', '/api/docs/static/swagger-initializer.js']) {
      const res = await t.app.inject({ url, headers: host });
      expect(res.statusCode, url).toBe(200);
      expectConsolePolicy(res);
    }
  });

  it('caches the content-hashed assets for a year and revalidates the pages that name them', async () => {
    const asset = await t.app.inject({ url: '/assets/index-Ab12Cd34.js', headers: host });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/dashboard']) {
      const page = await t.app.inject({ url, headers: host });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('API answers, refused and unknown ones included', async () => {
    const answers = [
      await t.app.inject({ url: '/api/v1/getinfo', headers: { ...bearer(token), ...host } }),
      await t.app.inject({ url: '/api/v1/getinfo', headers: host }),
      await t.app.inject({ url: '/api/v1/no-such-endpoint', headers: host }),
      await t.app.inject({ method: 'POST', url: '/api/login', payload: {}, headers: host }),
    ];
    for (const res of answers) expectConsolePolicy(res);
  });

  it('uploads: shown, never run', async () => {
    const { body, contentType } = multipartBody('file', 'a.png', PNG, 'image/png');
    const saved = (await t.app.inject({ method: 'POST', url: '/api/v1/user/avatar', payload: body, headers: { ...bearer(token), 'content-type': contentType } })).json();
    const image = await t.app.inject({ url: saved.data.avatar });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toBe('inline');
    expectCommonHeaders(image);
    const csp = policy(image);
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp).toHaveProperty('sandbox');
    expect(JSON.stringify(csp)).not.toContain('script');

    // Whatever else lands in the folder (an operator's copy, a future upload kind) is downloaded, not rendered.
    writeFileSync(path.join(dataDir, 'uploads', 'avatar', 'page.html'), '<script>alert(1)</script>');
    const page = await t.app.inject({ url: '/uploads/avatar/page.html' });
    expect(page.headers['content-disposition']).toBe('attachment');
    expect(policy(page)).toHaveProperty('sandbox');
    expectCommonHeaders(page);
  });
});
