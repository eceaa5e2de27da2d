import type { FastifyRequest } from 'fastify';
import { badRequest, text } from './errors.js';

/** Every route reads at most one file with a few small fields; anything more is refused by the parser. */
const PART_LIMITS = { files: 1, fields: 10, fieldSize: 1024, parts: 20 };

/**
 * The uploaded file of multipart field "file", read in full only when it stays within `maxBytes`.
 * Bytes past the limit are discarded while streaming, and the caller gets a 400 naming the limit
 * before anything is stored. The size is decided once the part has ended: @fastify/multipart's own
 * check misses a file whose limit falls on a chunk boundary and hands back the first `maxBytes`.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  const file = await request.file({ limits: { ...PART_LIMITS, fileSize: maxBytes }, throwFileSizeLimit: false }).catch(() => undefined);
  if (!file || file.fieldname !== 'file') {
    file?.file.resume(); // drained, so that the rest of the request is still read
    throw badRequest(text('http.fileMissing'));
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of file.file) {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    }
  } catch {
    throw badRequest(text('http.fileMissing'));
  }
  if (file.file.truncated || size > maxBytes) throw badRequest(text('http.fileTooLarge', { limit: megabytes(maxBytes) }));
  return Buffer.concat(chunks);
}

const megabytes = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
