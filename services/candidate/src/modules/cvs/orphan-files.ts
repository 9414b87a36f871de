import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db';
import type { BlobStorage } from '../storage/storage';
import { heldStorageKeys } from './cvs.repository';

/**
 * A file is written before its CV row (cvs.service.ts), so a crash, a kill or a lost database between
 * the two leaves a file no row names, and a local write cut off leaves its `.partial`. Files under cvs/
 * that no row holds and that nobody has written for `graceMs` (far longer than any upload) are removed.
 * Deleting is idempotent, so instances may sweep at once. Logos are not swept: they live by business.
 */
export const ORPHAN_FILE_GRACE_MS = 60 * 60 * 1000;

export async function removeOrphanFiles(
  db: Db,
  storage: BlobStorage,
  now: Date,
  graceMs = ORPHAN_FILE_GRACE_MS,
): Promise<string[]> {
  const before = now.getTime() - graceMs;
  const old = (await storage.entries('cvs/'))
    .filter((entry) => entry.modifiedAt.getTime() < before)
    .map((entry) => entry.key);
  const removed: string[] = [];
  for (let i = 0; i < old.length; i += 500) {
    const batch = old.slice(i, i + 500);
    const held = await heldStorageKeys(db, batch);
    for (const key of batch) {
      if (held.has(key)) continue;
      await storage.delete(key);
      removed.push(key);
    }
  }
  return removed;
}

/** Upload spool files (this instance's disk) that a killed process left behind, older than `graceMs`. */
export async function removeStaleSpoolFiles(dir: string, now: Date, graceMs = ORPHAN_FILE_GRACE_MS): Promise<number> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile() || stat.mtime.getTime() >= now.getTime() - graceMs) continue;
    await fs.rm(file, { force: true });
    removed++;
  }
  return removed;
}
