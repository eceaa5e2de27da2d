import { Readable } from 'node:stream';

/** A multipart/form-data body with one file field, as a browser would send it. */
export function multipartBody(field: string, filename: string, data: Buffer, type = 'application/octet-stream') {
  const boundary = `----sl${Date.now().toString(16)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The same body as a stream that pauses after the first `splitAt` bytes of the file, so that the
 * server has read up to there before the rest arrives (a size limit can fall on a chunk boundary).
 */
export function multipartStream(field: string, filename: string, data: Buffer, splitAt: number, type = 'application/octet-stream') {
  const { body, contentType } = multipartBody(field, filename, data, type);
  const cut = body.indexOf('\r\n\r\n') + 4 + splitAt;
  async function* chunks() {
    yield body.subarray(0, cut);
    await new Promise((resolve) => setTimeout(resolve, 300));
    yield body.subarray(cut);
  }
  return { body: Readable.from(chunks(), { objectMode: false }), contentType };
}
