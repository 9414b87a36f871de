import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type BlobStorage, type ByteRange } from './storage';

/** Files in a folder (the embedded default). Writes go to a temp name and are renamed when complete. */
export function createLocalStorage(root: string): BlobStorage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, body: Readable) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${randomUUID()}.partial`;
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
        await fs.rename(partial, file);
      } catch (err) {
        await fs.rm(partial, { force: true });
        throw err;
      }
    },
    async size(key) {
      try {
        return (await fs.stat(fileOf(key))).size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async get(key, range?: ByteRange) {
      const file = fileOf(key);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file, 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      const { size } = await handle.stat();
      // The stream owns the handle from here and closes it when done or destroyed.
      const body = createReadStream('', { fd: handle, ...(range ? { start: range.start, end: range.end } : {}) });
      return { size, body };
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async list(prefix) {
      const dir = path.join(root, ...prefix.split('/').filter(Boolean));
      const entries = await fs
        .readdir(dir, { recursive: true, withFileTypes: true })
        .catch((err: NodeJS.ErrnoException) => {
          if (err.code === 'ENOENT') return [];
          throw err;
        });
      return entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    },
    async entries(prefix) {
      const keys = await this.list(prefix);
      const stats = await Promise.all(
        keys.map(async (key) => ({ key, stat: await fs.stat(path.join(root, ...key.split('/'))).catch(() => null) })),
      );
      return stats.flatMap(({ key, stat }) => (stat ? [{ key, modifiedAt: stat.mtime }] : []));
    },
  };
}
