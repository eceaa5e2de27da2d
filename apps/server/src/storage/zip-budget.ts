import { entryChunks, zipEntries, ZipTooLarge } from './zip-entries.js';

/**
 * Whether a zip archive (an .xlsx workbook) expands to at most `maxBytes` in all. Each entry is
 * unpacked a piece at a time and counted, so an archive that lies about its sizes is caught as well
 * and nothing bigger than a piece is ever held; the point is to refuse a small upload that would
 * unpack to gigabytes before a workbook reader tries. 'unreadable' is left for the reader to report
 * in its own words.
 */
export async function zipExpansion(data: Buffer, maxBytes: number): Promise<'ok' | 'tooLarge' | 'unreadable'> {
  const entries = zipEntries(data);
  if (!entries) return 'unreadable';
  const budget = { left: maxBytes };
  try {
    for (const entry of entries) for await (const _ of entryChunks(data, entry, budget));
  } catch (err) {
    return err instanceof ZipTooLarge ? 'tooLarge' : 'unreadable';
  }
  return 'ok';
}
