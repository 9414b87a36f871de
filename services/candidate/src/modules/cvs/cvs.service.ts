import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CV_MAX_COUNT, type Cv } from '@careers/contracts/candidate';
import type { CvParseStatus } from '@careers/contracts/enums';
import { HttpProblem } from '@careers/server-kit/problem';
import type { BlobStorage } from '../storage/storage';
import { contentDisposition, sanitizeFileName } from './cv-file-name';
import { CV_CONTENT_TYPES, CvInspector, FileTooLargeError, detectCvType, type CvFileType } from './cv-file-type';
import type { CvPreviewLink } from '@careers/contracts/candidate-api';
import type { Db } from '../../db';
import { findCandidateCv, insertPreviewToken, type CvListRow } from './cvs.repository';
import { rethrowUploadError } from '../storage/multipart-errors';

export const CV_TOO_LARGE = 'The file is larger than 10 MB.';
export const CV_WRONG_FORMAT = 'Must be in the following format: pdf, doc, docx, txt';
export const CV_NOT_FOUND = 'The CV was not found.';
export const CV_LIMIT_REACHED = `You can keep at most ${CV_MAX_COUNT} CVs. Delete one to upload another.`;

export function toCv(row: CvListRow & { last_used_at?: Date | string | null }): Cv {
  return {
    ...(row.last_used_at ? { lastUsedOn: new Date(row.last_used_at).toISOString() } : {}),
    id: row.id,
    fileName: row.file_name,
    contentType: row.content_type,
    createdOn: row.created_at.toISOString(),
    cvParseStatus: row.parse_status as CvParseStatus,
    sizeBytes: Number(row.size_bytes),
  };
}

export interface IncomingFile {
  /** The multipart file stream; @fastify/multipart marks it truncated past its size limit. */
  stream: Readable & { truncated?: boolean };
  fileName: string | undefined;
}

export interface ReceivedCv {
  /** null when the candidate already keeps these exact bytes: nothing was stored. */
  storageKey: string | null;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
  fileType: CvFileType;
  contentType: string;
  size: number;
  fileName: string;
}

const isTooLarge = (err: unknown) =>
  err instanceof FileTooLargeError || (err as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

interface SpooledCv {
  path: string;
  fileType: CvFileType;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
  size: number;
}

/**
 * Streams an upload into a spool file through the inspector (size and type) and hands it to `use` only
 * when it is an accepted CV (413, 400 or 415 problem details otherwise); the spool is always removed.
 * Memory holds one chunk at a time, never the file.
 */
async function withSpooledCv<T>(file: IncomingFile, spoolDir: string, use: (cv: SpooledCv) => Promise<T>): Promise<T> {
  await fs.mkdir(spoolDir, { recursive: true });
  const spool = path.join(spoolDir, randomUUID());
  const inspector = new CvInspector();
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    try {
      await pipeline(file.stream, inspector, hashing, createWriteStream(spool, { flags: 'wx' }));
    } catch (err) {
      if (isTooLarge(err)) throw new HttpProblem(413, CV_TOO_LARGE);
      rethrowUploadError(err);
    }
    if (file.stream.truncated) throw new HttpProblem(413, CV_TOO_LARGE);
    if (inspector.bytes === 0) throw new HttpProblem(400, 'The file is empty.');
    const fileType = await detectCvType(inspector, spool);
    if (!fileType) throw new HttpProblem(415, CV_WRONG_FORMAT);
    return await use({ path: spool, fileType, sha256: hash.digest('hex'), size: inspector.bytes });
  } finally {
    await fs.rm(spool, { force: true });
  }
}

/**
 * Spools an upload (withSpooledCv), then, only when it is an accepted CV, streams the spool into the
 * store under a random key. Nothing is stored otherwise.
 */
export async function receiveCvFile(
  file: IncomingFile,
  spoolDir: string,
  storage: BlobStorage,
  alreadyKept: (sha256: string) => Promise<boolean> = async () => false,
): Promise<ReceivedCv> {
  return withSpooledCv(file, spoolDir, async ({ path: spool, fileType, sha256, size }) => {
    const contentType = CV_CONTENT_TYPES[fileType];
    const fileName = sanitizeFileName(file.fileName, fileType);
    if (await alreadyKept(sha256)) return { storageKey: null, sha256, fileType, contentType, size, fileName };
    const storageKey = `cvs/${randomUUID()}`;
    await storage.put(storageKey, createReadStream(spool), contentType);
    return { storageKey, sha256, fileType, contentType, size, fileName };
  });
}

/**
 * The bytes of an accepted CV upload (at most 10 MB), checked like receiveCvFile but never stored: the
 * spool file is removed before this returns (CV autofill).
 */
export async function readCvUpload(
  file: IncomingFile,
  spoolDir: string,
): Promise<{ fileType: CvFileType; bytes: Buffer }> {
  return withSpooledCv(file, spoolDir, async ({ path: spool, fileType }) => ({
    fileType,
    bytes: await fs.readFile(spool),
  }));
}

/** Reads a stored CV whole, for the parser and the DOC/DOCX preview (bounded by the upload limit). */
export async function readWhole(storage: BlobStorage, key: string): Promise<Buffer> {
  const object = await storage.get(key);
  if (!object) throw new HttpProblem(404, CV_NOT_FOUND);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function downloadHeaders(row: CvListRow): Record<string, string> {
  return {
    'Content-Disposition': contentDisposition('attachment', row.file_name),
    // A CV is never a page: even opened directly it may not run script or load anything.
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'private, no-store',
  };
}

export const PREVIEW_TOKEN_TTL_MS = 5 * 60 * 1000;

/** One of the candidate's CVs; 404 when it is not theirs. */
export async function requireCandidateCv(db: Db, candidateId: string, cvId: string): Promise<CvListRow> {
  const row = await findCandidateCv(db, candidateId, cvId);
  if (!row) throw new HttpProblem(404, CV_NOT_FOUND);
  return row;
}

/**
 * A preview address valid PREVIEW_TOKEN_TTL_MS, for a CV the caller may see (the candidate's own, or one
 * sent to the employer's business): an iframe cannot send the bearer token, so the token is in the URL,
 * stored hashed so any instance can honour it.
 */
export async function createPreviewLink(db: Db, cvId: string, publicUrl: string): Promise<CvPreviewLink> {
  const { token, hash } = newPreviewToken();
  const expiresAt = new Date(Date.now() + PREVIEW_TOKEN_TTL_MS);
  await insertPreviewToken(db, { token_hash: hash, cv_id: cvId, expires_at: expiresAt });
  return { url: `${publicUrl}/cvs/${cvId}/preview?token=${token}`, expiresAt: expiresAt.toISOString() };
}

export function newPreviewToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashPreviewToken(token) };
}

export function hashPreviewToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Framed by the portal only, in a sandbox (an opaque origin: no script, no access to the portal or to
 * this service), loading nothing but inline images and styles.
 */
export function previewCsp(frameAncestors: readonly string[]): string {
  return `sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors ${frameAncestors.join(' ') || "'none'"}`;
}
