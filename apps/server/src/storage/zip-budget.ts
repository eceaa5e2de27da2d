import { inflateRawSync } from 'node:zlib';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/**
 * Whether a zip archive (an .xlsx workbook) expands to at most `maxBytes` in all. Each entry is
 * inflated with a cap, so an archive that lies about its sizes is caught as well; the point is to
 * refuse a small upload that would unpack to gigabytes before a workbook reader tries.
 * 'unreadable' is left for the reader to report in its own words.
 */
export function zipExpansion(data: Buffer, maxBytes: number): 'ok' | 'tooLarge' | 'unreadable' {
  const end = findEndOfDirectory(data);
  if (end < 0) return 'unreadable';
  const entries = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  let budget = maxBytes;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== DIRECTORY_ENTRY) return 'unreadable';
    const method = data.readUInt16LE(at + 10);
    const compressed = data.readUInt32LE(at + 20);
    const local = data.readUInt32LE(at + 42);
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    if (local + 30 > data.length || data.readUInt32LE(local) !== LOCAL_HEADER) return 'unreadable';
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    const body = data.subarray(start, start + compressed);
    if (method === STORED) budget -= body.length;
    else if (method !== DEFLATED) return 'unreadable';
    else {
      try {
        budget -= inflateRawSync(body, { maxOutputLength: budget + 1 }).length;
      } catch (err) {
        return (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'tooLarge' : 'unreadable';
      }
    }
    if (budget < 0) return 'tooLarge';
  }
  return 'ok';
}

/** The end-of-directory record sits in the last 22 bytes plus a comment of up to 64 KiB. */
function findEndOfDirectory(data: Buffer): number {
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at--) {
    if (data.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  return -1;
}
