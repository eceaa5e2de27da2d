import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consolePlugin } from '../src/plugins/console.js';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * The console's build as the web build leaves it (scripts/precompress-web.mjs writes a .br and a .gz beside each
 * text file) and the server sends it: the compressed copy the browser accepts, brotli first, else the file itself.
 */
describe('the console served compressed', () => {
  let dist: string;
  let app: FastifyInstance;
  const script = 'export const lamps = [' + Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "lamp ${i}" }`).join(', ') + '];\n';
  const page = `<!doctype html><title>console</title><script type="module" src="/assets/index-Ab12Cd34.js"></script>${' '.repeat(2048)}`;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'sl-console-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), page);
    writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), script);
    writeFileSync(path.join(dist, 'assets', 'tiny-Ef56.js'), 'export {};');
    execFileSync(process.execPath, [path.join(root, 'scripts/precompress-web.mjs'), dist]);
    app = Fastify();
    await app.register(consolePlugin, { distDir: dist });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) => app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('writes a brotli and a gzip copy of each text file of 1 KB or more, and none of a smaller one', () => {
    for (const file of ['index.html', 'assets/index-Ab12Cd34.js']) {
      expect(existsSync(path.join(dist, `${file}.br`)), file).toBe(true);
      expect(existsSync(path.join(dist, `${file}.gz`)), file).toBe(true);
    }
    expect(existsSync(path.join(dist, 'assets/tiny-Ef56.js.br'))).toBe(false);
  });

  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, the file to one that accepts neither', async () => {
    const brotli = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);

    const gzipped = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
    expect(String(plain.headers['content-type'])).toMatch(/javascript/);
  });

  it('sends the page compressed on a client-side route too, and a small file as it is', async () => {
    const route = await get('/terminal/list', 'gzip, deflate, br');
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(route.rawPayload).toString()).toBe(page);
    expect(route.headers['cache-control']).toBe('no-cache');

    const tiny = await get('/assets/tiny-Ef56.js', 'gzip, deflate, br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.payload).toBe('export {};');
  });
});
