import { mkdirSync } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live; the disk store is the default, object storage can implement the same methods. */
export interface FileStore {
  /** Saves the bytes and returns the URL the console loads them from. */
  save(folder: string, name: string, data: Buffer): Promise<string>;
  /** Deletes the file `save` answered this URL for; one already gone, or a URL it never made, is left alone. */
  remove(url: string): Promise<void>;
  /** How many files of the folder have names starting with `prefix`. */
  count(folder: string, prefix: string): Promise<number>;
  /** Whether the folder holds a file of this name (an unsafe name holds none). */
  exists(folder: string, name: string): Promise<boolean>;
}

export const UPLOADS_PREFIX = '/uploads/';
const SAFE_FOLDER = /^[\w-]+$/;
const SAFE_NAME = /^[\w.-]+$/;

export class DiskFileStore implements FileStore {
  constructor(readonly root: string) {
    mkdirSync(root, { recursive: true });
  }

  async save(folder: string, name: string, data: Buffer): Promise<string> {
    if (!SAFE_FOLDER.test(folder) || !SAFE_NAME.test(name)) throw new Error('unsafe file name');
    const dir = path.join(this.root, folder);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, name), data);
    return `${UPLOADS_PREFIX}${folder}/${name}`;
  }

  async remove(url: string): Promise<void> {
    const [folder, name, ...rest] = url.startsWith(UPLOADS_PREFIX) ? url.slice(UPLOADS_PREFIX.length).split('/') : [];
    if (!folder || !name || rest.length > 0 || !SAFE_FOLDER.test(folder) || !SAFE_NAME.test(name) || name.startsWith('.')) return;
    await rm(path.join(this.root, folder, name), { force: true });
  }

  async count(folder: string, prefix: string): Promise<number> {
    if (!SAFE_FOLDER.test(folder)) throw new Error('unsafe folder name');
    const names = await readdir(path.join(this.root, folder)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    return names.filter((n) => n.startsWith(prefix)).length;
  }

  async exists(folder: string, name: string): Promise<boolean> {
    if (!SAFE_FOLDER.test(folder) || !SAFE_NAME.test(name) || name.startsWith('.')) return false;
    return stat(path.join(this.root, folder, name)).then((s) => s.isFile(), () => false);
  }
}
