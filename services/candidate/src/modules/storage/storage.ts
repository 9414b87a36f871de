import type { Readable } from 'node:stream';

/** A byte range, both ends inclusive (as in HTTP's Content-Range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  /** Size of the whole object, whatever range was asked for. */
  size: number;
  body: Readable;
}

/**
 * Where CV files and logos live: a folder under DATA_DIR in the embedded default, any S3-compatible
 * store in production. Keys are ours (random or business-directory based), never a user's file name.
 */
export interface BlobStorage {
  readonly kind: 'local' | 's3';
  /** Streams body into the store; the object appears only once the whole body arrived. */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** Null when the object does not exist. */
  size(key: string): Promise<number | null>;
  /** Null when the object does not exist. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Deleting what is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under a prefix (operators, tests). */
  list(prefix: string): Promise<string[]>;
  /** Every object under a prefix with when it was last written, unfinished local writes included (the orphan sweep). */
  entries(prefix: string): Promise<{ key: string; modifiedAt: Date }[]>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

/** Keys are built by this service; refusing anything odd keeps a bug from escaping the store's root. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.includes('//')) throw new Error(`unsafe storage key: ${key}`);
}
