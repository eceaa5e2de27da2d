/** A multipart/form-data body with one file field, as a browser would send it. */
export function multipartBody(field: string, filename: string, data: Buffer, type = 'application/octet-stream') {
  const boundary = `----sl${Date.now().toString(16)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
