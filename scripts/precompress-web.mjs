// Writes a brotli (.br) and a gzip (.gz) copy of each text file of the console's build (or of the folder given), which
// the server sends to a browser that accepts one (@fastify/static's preCompressed): compressed once, at the highest
// levels, instead of on every request or not at all. Files under 1 KB stay as they are.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../apps/web/dist'));
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;
const br = promisify(brotliCompress);
const gz = promisify(gzip);

function textFiles(d) {
  return readdirSync(d, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(d, e.name);
    return e.isDirectory() ? textFiles(p) : TEXT.test(e.name) && statSync(p).size >= MIN_BYTES ? [p] : [];
  });
}

const files = textFiles(dir);
let raw = 0;
let brotli = 0;
// zlib's asynchronous calls run on libuv's threads: both cores at once.
await Promise.all(
  files.map(async (file) => {
    const body = readFileSync(file);
    const [b, g] = await Promise.all([
      br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gz(body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    writeFileSync(`${file}.br`, b);
    writeFileSync(`${file}.gz`, g);
    raw += body.length;
    brotli += b.length;
  }),
);
console.log(`precompressed ${files.length} files: ${(raw / 1024).toFixed(0)} KB, ${(brotli / 1024).toFixed(0)} KB as brotli`);
