/** FileStorage on the local disk, under `{DATA_DIR}/uploads` by default. */
import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { isStorageKey, type FileStorage } from './storage.ts';

export function createDiskStorage(dir: string): FileStorage {
  let ready: Promise<unknown> | null = null;
  const ensureDir = () => (ready ??= mkdir(dir, { recursive: true }));
  // Keys are checked against the generated-name pattern, so `../x.js` or `a/b` can never be joined to dir.
  const pathOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error('invalid storage key');
    return join(dir, key);
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await ensureDir();
      // Write then rename, so a reader never sees a half-written file.
      const partial = `${path}.partial`;
      await writeFile(partial, bytes, { flag: 'wx' });
      await rename(partial, path);
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch {
        return null;
      }
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await rm(pathOf(key), { force: true });
    },
  };
}
