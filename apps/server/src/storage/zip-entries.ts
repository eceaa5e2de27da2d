import { createInflateRaw } from 'node:zlib';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/** One file of a zip archive held in memory: where its bytes start and how they are packed. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  dataStart: number;
}

/** An entry would unpack past the budget it was read with. */
export class ZipTooLarge extends Error {
  constructor() {
    super('zip entry unpacks past its budget');
  }
}

/**
 * The entries of a zip archive, from its central directory (sizes come from there, never from the
 * local headers), or undefined when the archive cannot be followed.
 */
export function zipEntries(data: Buffer): ZipEntry[] | undefined {
  const end = findEndOfDirectory(data);
  if (end < 0) return undefined;
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== DIRECTORY_ENTRY) return undefined;
    const method = data.readUInt16LE(at + 10);
    const compressedSize = data.readUInt32LE(at + 20);
    const nameLength = data.readUInt16LE(at + 28);
    const name = data.toString('utf8', at + 46, at + 46 + nameLength);
    const local = data.readUInt32LE(at + 42);
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    if (local + 30 > data.length || data.readUInt32LE(local) !== LOCAL_HEADER) return undefined;
    const dataStart = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    if (dataStart + compressedSize > data.length) return undefined;
    entries.push({ name, method, compressedSize, dataStart });
  }
  return entries;
}

/** Compressed bytes fed to the inflater at a time: deflate expands at most ~1,000-fold, so a piece unpacks to about 1 MB at worst. */
const INPUT_PIECE = 1024;

/**
 * The unpacked bytes of an entry, a piece at a time, so that no more than about a megabyte is held
 * whatever the entry's size; `budget.left` is what may still be unpacked, shared by every entry read
 * with it, and passing it throws ZipTooLarge. Leaving the loop early stops the unpacking. An entry
 * that is neither stored nor deflated, or whose data is corrupt, throws an ordinary error.
 */
export async function* entryChunks(data: Buffer, entry: ZipEntry, budget: { left: number }): AsyncGenerator<Buffer> {
  const body = data.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  const spend = (chunk: Buffer) => {
    budget.left -= chunk.length;
    if (budget.left < 0) throw new ZipTooLarge();
    return chunk;
  };
  if (entry.method === STORED) {
    for (let at = 0; at < body.length; at += 64 * 1024) yield spend(body.subarray(at, at + 64 * 1024));
    return;
  }
  if (entry.method !== DEFLATED) throw new Error(`unsupported zip method ${entry.method}`);
  const inflate = createInflateRaw();
  let at = 0;
  const feed = () => {
    while (at < body.length) {
      const piece = body.subarray(at, (at += INPUT_PIECE));
      if (!inflate.write(piece)) return void inflate.once('drain', feed);
    }
    inflate.end();
  };
  feed();
  try {
    for await (const chunk of inflate) yield spend(chunk as Buffer);
  } finally {
    inflate.destroy();
  }
}

/** The end-of-directory record sits in the last 22 bytes plus a comment of up to 64 KiB. */
function findEndOfDirectory(data: Buffer): number {
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at--) {
    if (data.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  return -1;
}
