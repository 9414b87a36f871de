/**
 * `npm run restore -- <folder>`: restores a backup made by `npm run backup` into EMPTY databases
 * (IDENTITY_DATABASE_URL, CANDIDATE_DATABASE_URL: created, nothing in them yet) and an EMPTY object store
 * (S3_* variables, or DATA_DIR/candidate-files). It refuses a target that holds anything, so it can
 * never mix a backup into live data. Each object's SHA-256 is checked against the manifest before it
 * is written. Start the services on the restored copy with the same secrets and signing keys as the
 * backed-up system (docs/operations.md); their migrations then bring an older backup up to date.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { keyPath, openObjectStore, pgConnection, sha256, type StoredObject } from './backup-store';

interface Manifest {
  format: number;
  startedAt: string;
  databases: string[];
  objects: StoredObject[];
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function requireUrl(name: string): string {
  const url = process.env[name];
  if (!url || !/^postgres(ql)?:\/\//.test(url))
    fail(`${name} must name the empty PostgreSQL database to restore into.`);
  return url;
}

const source = process.argv[2];
if (!source) fail('usage: npm run restore -- <backup folder>');
const folder = path.resolve(source);
const manifest = JSON.parse(await fs.readFile(path.join(folder, 'manifest.json'), 'utf8')) as Manifest;
if (manifest.format !== 1) fail(`unknown backup format ${manifest.format}`);
const databases: Record<string, string> = {
  identity: requireUrl('IDENTITY_DATABASE_URL'),
  candidate: requireUrl('CANDIDATE_DATABASE_URL'),
};
const store = openObjectStore();

// Everything is checked before anything is written.
for (const [name, url] of Object.entries(databases)) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (Number(rows[0]!.n) > 0)
      fail(`the ${name} database is not empty (${rows[0]!.n} tables): restore only into a new, empty database.`);
  } finally {
    await client.end();
  }
}
if ((await store.list()).length > 0)
  fail(`the object store (${store.describe}) is not empty: restore only into an empty one.`);
for (const object of manifest.objects) {
  const body = await fs.readFile(keyPath(path.join(folder, 'objects'), object.key));
  if (body.length !== object.size || sha256(body) !== object.sha256)
    fail(`object ${object.key} in the backup does not match its manifest entry`);
}

for (const name of manifest.databases) {
  const url = databases[name];
  if (!url) fail(`the backup holds a database named ${name} that this script does not know`);
  const connection = pgConnection(url);
  const result = spawnSync(
    'pg_restore',
    [
      '--no-owner',
      '--no-acl',
      '--exit-on-error',
      '--single-transaction',
      '--dbname',
      connection.dbname,
      path.join(folder, `${name}.dump`),
    ],
    {
      encoding: 'utf8',
      env: connection.env,
    },
  );
  if (result.status !== 0) {
    console.error(
      `pg_restore of the ${name} database failed (${result.status ?? result.signal}): ${result.error?.message ?? result.stderr}`,
    );
    process.exit(1);
  }
  console.log(`${name} database restored`);
}
for (const object of manifest.objects) {
  await store.put(object.key, await fs.readFile(keyPath(path.join(folder, 'objects'), object.key)), object.contentType);
}
console.log(`objects (${store.describe}): ${manifest.objects.length} restored`);
console.log(`restore complete from the backup taken at ${manifest.startedAt}`);
