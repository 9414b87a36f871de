/**
 * `npm run backup -- <folder>`: backs up both databases and the object store into a new folder.
 *
 *   <folder>/identity.dump    pg_dump --format=custom of IDENTITY_DATABASE_URL
 *   <folder>/candidate.dump   pg_dump --format=custom of CANDIDATE_DATABASE_URL
 *   <folder>/objects/<key>    every object of the store (S3_* variables, or DATA_DIR/candidate-files)
 *   <folder>/manifest.json    when, what, and each object's size, SHA-256 and content type
 *
 * Databases first, then objects: the candidate service stores a CV's file before its row, so every CV
 * row in the dump has its file in the copy (a file uploaded in between is copied without a row, which
 * is harmless). Run it against the live system; pg_dump reads one consistent snapshot per database.
 * docs/operations.md has the schedule and the restore drill. `npm run restore` reads this folder.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { keyPath, openObjectStore, pgConnection, sha256, type StoredObject } from './backup-store';

export const BACKUP_FORMAT = 1;

function requireUrl(name: string): string {
  const url = process.env[name];
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    console.error(
      `${name} must name the PostgreSQL database to back up (the embedded PGlite default is backed up by copying DATA_DIR while stopped).`,
    );
    process.exit(2);
  }
  return url;
}

const target = process.argv[2];
if (!target) {
  console.error('usage: npm run backup -- <new folder>');
  process.exit(2);
}
const folder = path.resolve(target);
const databases = { identity: requireUrl('IDENTITY_DATABASE_URL'), candidate: requireUrl('CANDIDATE_DATABASE_URL') };
const store = openObjectStore();

await fs.mkdir(folder, { recursive: true, mode: 0o700 });
if ((await fs.readdir(folder)).length > 0) {
  console.error(`${folder} is not empty: a backup goes into a new folder.`);
  process.exit(2);
}

const startedAt = new Date();
for (const [name, url] of Object.entries(databases)) {
  const file = path.join(folder, `${name}.dump`);
  const connection = pgConnection(url);
  const result = spawnSync(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-acl', '--file', file, '--dbname', connection.dbname],
    { encoding: 'utf8', env: connection.env },
  );
  if (result.status !== 0) {
    console.error(
      `pg_dump of the ${name} database failed (${result.status ?? result.signal}): ${result.error?.message ?? result.stderr}`,
    );
    process.exit(1);
  }
  console.log(`${name} database: ${(await fs.stat(file)).size} bytes`);
}

const objects: StoredObject[] = [];
for (const key of await store.list()) {
  const { body, contentType } = await store.get(key);
  const file = keyPath(path.join(folder, 'objects'), key);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, body, { flag: 'wx', mode: 0o600 });
  objects.push({ key, size: body.length, sha256: sha256(body), contentType });
}
console.log(`objects (${store.describe}): ${objects.length}, ${objects.reduce((n, o) => n + o.size, 0)} bytes`);

const manifest = {
  format: BACKUP_FORMAT,
  startedAt: startedAt.toISOString(),
  finishedAt: new Date().toISOString(),
  databases: Object.keys(databases),
  objects,
};
await fs.writeFile(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
console.log(`backup complete: ${folder}`);
