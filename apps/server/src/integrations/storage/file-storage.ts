import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live. Paths are relative to the storage root and use '/' separators. */
export type FileStorage = {
  save(path: string, data: Buffer): Promise<void>;
  remove(path: string): Promise<void>;
  /** The file's bytes as a stream, or null when there is no such file. */
  open(path: string): Promise<Readable | null>;
};

/** Files on the local disk under `root` (DATA_DIR/uploads by default). */
export function createLocalFileStorage(root: string): FileStorage {
  function resolveInside(path: string): string {
    const absolute = normalize(join(root, path));
    if (!absolute.startsWith(normalize(root) + sep))
      throw new Error(`Path outside the storage root: ${path}`);
    return absolute;
  }
  return {
    async save(path, data) {
      const absolute = resolveInside(path);
      await mkdir(dirname(absolute), { recursive: true });
      await writeFile(absolute, data, { flag: 'wx' });
    },
    async remove(path) {
      await rm(resolveInside(path), { force: true });
    },
    async open(path) {
      const absolute = resolveInside(path);
      const found = await stat(absolute).catch(() => null);
      return found?.isFile() ? createReadStream(absolute) : null;
    },
  };
}
