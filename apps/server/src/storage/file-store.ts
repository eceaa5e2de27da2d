import { mkdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live; the disk store is the default, object storage can implement the same two methods. */
export interface FileStore {
  /** Saves the bytes and returns the URL the console loads them from. */
  save(folder: string, name: string, data: Buffer): Promise<string>;
}

export const UPLOADS_PREFIX = '/uploads/';

export class DiskFileStore implements FileStore {
  constructor(readonly root: string) {
    mkdirSync(root, { recursive: true });
  }

  async save(folder: string, name: string, data: Buffer): Promise<string> {
    if (!/^[\w-]+$/.test(folder) || !/^[\w.-]+$/.test(name)) throw new Error('unsafe file name');
    const dir = path.join(this.root, folder);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, name), data);
    return `${UPLOADS_PREFIX}${folder}/${name}`;
  }
}
