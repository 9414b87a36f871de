/**
 * The object store as scripts/backup.ts and scripts/restore.ts see it: the same S3_* / DATA_DIR
 * variables as the candidate service (its own config loader reads them), listed, read and written
 * whole, one object at a time.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { loadConfig as loadCandidateConfig } from '@careers/candidate/public';

export interface StoredObject {
  key: string;
  size: number;
  sha256: string;
  contentType: string | undefined;
}

export interface ObjectStore {
  describe: string;
  list(): Promise<string[]>;
  get(key: string): Promise<{ body: Buffer; contentType: string | undefined }>;
  put(key: string, body: Buffer, contentType: string | undefined): Promise<void>;
}

/**
 * pg_dump / pg_restore arguments for a database URL: the password goes through PGPASSWORD, not the
 * command line, where every local user could read it in the process list.
 */
export function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

export function sha256(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex');
}

/** A key as a relative path inside a folder, refusing anything that could leave it. */
export function keyPath(root: string, key: string): string {
  const parts = key.split('/');
  if (
    key.length === 0 ||
    parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\') || p.includes('\0'))
  ) {
    throw new Error(`refusing an unsafe object key: ${JSON.stringify(key)}`);
  }
  return path.join(root, ...parts);
}

export function openObjectStore(env: Record<string, string | undefined> = process.env): ObjectStore {
  const storage = loadCandidateConfig(env).storage;
  if (storage.kind === 'local') {
    const root = storage.root;
    return {
      describe: `files under ${root}`,
      async list() {
        const entries = await fs
          .readdir(root, { recursive: true, withFileTypes: true })
          .catch((err: NodeJS.ErrnoException) => {
            if (err.code === 'ENOENT') return [];
            throw err;
          });
        return entries
          .filter((e) => e.isFile())
          .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
          .sort();
      },
      async get(key) {
        return { body: await fs.readFile(keyPath(root, key)), contentType: undefined };
      },
      async put(key, body) {
        const file = keyPath(root, key);
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(file, body, { flag: 'wx' });
      },
    };
  }
  const client = new S3Client({
    endpoint: storage.endpoint,
    region: storage.region,
    forcePathStyle: storage.forcePathStyle,
    ...(storage.credentials ? { credentials: storage.credentials } : {}),
  });
  const Bucket = storage.bucket;
  return {
    describe: `bucket ${Bucket} at ${storage.endpoint}`,
    async list() {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    async get(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      if (!answer.Body) throw new Error(`object ${key} has no body`);
      return { body: Buffer.from(await answer.Body.transformToByteArray()), contentType: answer.ContentType };
    },
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
  };
}
