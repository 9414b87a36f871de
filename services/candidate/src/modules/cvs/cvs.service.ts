import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import {
  CV_MAX_COUNT,
  type Cv,
  type CvDeleteResult,
  type CvList,
  type CvUploadResult,
} from '@careers/contracts/candidate';
import type { CvParseStatus } from '@careers/contracts/enums';
import { HttpProblem } from '@careers/server-kit/problem';
import type { AuthUser } from '@careers/server-kit/bearer-auth';
import { lockCandidate, requireCandidate } from '../candidates/candidates.service';
import type { BlobStorage } from '../storage/storage';
import { contentDisposition, sanitizeFileName } from './cv-file-name';
import { CV_CONTENT_TYPES, CvInspector, FileTooLargeError, detectCvType, type CvFileType } from './cv-file-type';
import { ExtractionError, runExtraction, type ExtractionLimits } from './cv-extraction';
import type { CvPreviewLink } from '@careers/contracts/candidate-api';
import type { Db } from '../../db';
import {
  countCvs,
  cvStorageKeysOfCandidate,
  cvStorageKeysOfUser,
  deleteCandidateCv,
  findCandidateCv,
  findCvByContent,
  findCvByPreviewToken,
  insertCv,
  insertPreviewToken,
  listCvs,
  allCandidateCvs,
  type CvListRow,
} from './cvs.repository';
import { rethrowUploadError } from '../storage/multipart-errors';
import { heldCopiesOfCandidate, keepCvForHolds } from '../retention/legal-holds.service';
import { takeBacksOfCandidate } from '../retention/retention.service';

export type { CvListRow };
/** The candidate's CV, or nothing when it is not theirs (an application says so in its answer). */
export { findCandidateCv };
/** Every CV of the candidate, newest first (the data export). */
export { allCandidateCvs };
/** The files of the candidate's CVs, read before the candidate goes (its rows cascade, its files do not). */
export { cvStorageKeysOfCandidate };
/** The files of a user's candidate's CVs, found by the identity user id (an account notice). */
export { cvStorageKeysOfUser };

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

/** The caller's CVs, newest first: the count of all and one page. */
export async function listOwnCvs(db: Db, user: AuthUser, query: { page: number; pageSize: number }): Promise<CvList> {
  const candidate = await requireCandidate(db, user);
  const { page, pageSize } = query;
  const [total, rows, heldCopies, takenBack] = await Promise.all([
    countCvs(db, candidate.id),
    listCvs(db, candidate.id, { offset: (page - 1) * pageSize, limit: pageSize }),
    heldCopiesOfCandidate(db, candidate.id),
    takeBacksOfCandidate(db, candidate.id),
  ]);
  const cvs = rows.map((row) => {
    const cv = toCv(row);
    const businesses = takenBack.get(cv.id);
    return businesses ? { ...cv, takenBack: businesses } : cv;
  });
  return { cvCount: total, cvs, ...(heldCopies.length > 0 ? { heldCopies } : {}) };
}

export interface CvUploadDeps {
  db: Db;
  storage: BlobStorage;
  /** Where the upload is spooled while its type is checked. */
  spoolDir: string;
  /** Queues the CV's text extraction (after the commit). */
  enqueueCvParse: (cvId: string) => Promise<void>;
}

/**
 * Keeps an uploaded CV for the caller. `nextFile` reads the request's file part; it is asked for only once
 * the caller may upload, so a full account costs no upload. The same bytes as a CV the caller already keeps
 * answer that CV; nothing is stored twice.
 */
export async function uploadOwnCv(
  deps: CvUploadDeps,
  user: AuthUser,
  nextFile: () => Promise<IncomingFile>,
): Promise<CvUploadResult> {
  const { db, storage } = deps;
  const candidate = await requireCandidate(db, user);
  // Checked before the file is read, so a full account costs no upload; checked again, with the candidate's
  // row locked, where the CV is kept, so uploads racing past this first check cannot end above the limit.
  if ((await countCvs(db, candidate.id)) >= CV_MAX_COUNT) throw new HttpProblem(409, CV_LIMIT_REACHED);
  const file = await nextFile();
  // The same bytes from the same candidate are one CV: a repeat upload answers the CV already kept.
  const kept = (sha256: string) => findCvByContent(db, candidate.id, sha256);
  const received = await receiveCvFile(file, deps.spoolDir, storage, async (sha256) => Boolean(await kept(sha256)));
  const existing = async () => {
    const row = await kept(received.sha256);
    if (!row) throw new HttpProblem(409, 'The same CV is being uploaded twice at once. Please try again.');
    return { cvId: row.id, fileName: row.file_name };
  };
  if (received.storageKey === null) return existing();
  const storageKey = received.storageKey;
  const id = randomUUID();
  let inserted: boolean;
  try {
    inserted = await db.transaction().execute(async (trx) => {
      await lockCandidate(trx, candidate.id);
      if ((await countCvs(trx, candidate.id)) >= CV_MAX_COUNT) {
        // Full, unless these bytes are already one of the CVs (answered below as the CV kept).
        if (await findCvByContent(trx, candidate.id, received.sha256)) return false;
        throw new HttpProblem(409, CV_LIMIT_REACHED);
      }
      return insertCv(trx, {
        id,
        candidate_id: candidate.id,
        file_name: received.fileName,
        content_type: received.contentType,
        file_type: received.fileType,
        storage_key: storageKey,
        size_bytes: received.size,
        content_sha256: received.sha256,
      });
    });
  } catch (err) {
    await storage.delete(storageKey).catch(() => undefined);
    throw err;
  }
  if (!inserted) {
    // Lost a race with an identical upload: keep the other one.
    await storage.delete(storageKey).catch(() => undefined);
    return existing();
  }
  // After the commit: a job lost to a crash here is picked up by the stale-Pending sweep.
  await deps.enqueueCvParse(id);
  return { cvId: id, fileName: received.fileName };
}

/** One of the caller's CVs (download, preview); 404 when it is not theirs. */
export async function requireOwnCv(db: Db, user: AuthUser, cvId: string): Promise<CvListRow> {
  const candidate = await requireCandidate(db, user);
  return requireCandidateCv(db, candidate.id, cvId);
}

/**
 * Deletes one of the caller's CVs, then its file (a file left behind is logged; the orphan sweep finds it).
 * While a business holding it is under a legal hold, it leaves the caller's list now and that business keeps
 * the row and file until the hold ends (docs/decisions/0494).
 */
export async function deleteOwnCv(
  db: Db,
  storage: BlobStorage,
  log: FastifyBaseLogger,
  user: AuthUser,
  cvId: string,
  now: Date,
): Promise<CvDeleteResult> {
  const candidate = await requireCandidate(db, user);
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await findCandidateCv(trx, candidate.id, cvId);
    if (!row) return undefined;
    if (await keepCvForHolds(trx, row.id, now)) return { row, kept: true };
    return (await deleteCandidateCv(trx, candidate.id, cvId)) ? { row, kept: false } : undefined;
  });
  if (!outcome) throw new HttpProblem(404, CV_NOT_FOUND);
  const { row } = outcome;
  if (outcome.kept) {
    const heldCopies = (await heldCopiesOfCandidate(db, candidate.id)).filter((copy) => copy.cvId === row.id);
    return { id: row.id, fileName: row.file_name, heldCopies };
  }
  await storage
    .delete(row.storage_key)
    .catch((err: unknown) => log.error({ err, key: row.storage_key }, 'CV file left behind'));
  return { id: row.id, fileName: row.file_name };
}

export const PREVIEW_LINK_EXPIRED = 'This preview link has expired. Open the preview again.';

/** A file the parser cannot read has no preview; the download still works. */
function previewProblem(err: unknown): never {
  if (err instanceof ExtractionError) throw new HttpProblem(422, 'This file cannot be previewed. Download it instead.');
  throw err;
}

/** Who asks for a preview: the holder of a preview link's token, or the signed-in candidate. */
export type PreviewAccess = { token: string } | { user: AuthUser };

export interface CvPreview {
  row: CvListRow;
  /**
   * null for PDF and TXT, served as stored; otherwise reads the file and renders it: DOCX as sanitized
   * HTML, DOC as its extracted text.
   */
  render: (() => Promise<{ contentType: string; body: string }>) | null;
}

/** A CV to preview: one the preview token was made for (404 once expired), or one of the caller's own. */
export async function openCvPreview(
  db: Db,
  storage: BlobStorage,
  limits: ExtractionLimits,
  access: PreviewAccess,
  cvId: string,
): Promise<CvPreview> {
  let row: CvListRow | undefined;
  if ('token' in access) {
    row = await findCvByPreviewToken(db, hashPreviewToken(access.token), cvId);
    if (!row) throw new HttpProblem(404, PREVIEW_LINK_EXPIRED);
  } else {
    row = await requireOwnCv(db, access.user, cvId);
  }
  const cv = row;
  const type = cv.file_type as CvFileType;
  if (type === 'pdf' || type === 'txt') return { row: cv, render: null };
  return {
    row: cv,
    async render() {
      const bytes = await readWhole(storage, cv.storage_key);
      if (type === 'docx') {
        const html = await runExtraction({ task: 'docx-preview', title: cv.file_name, bytes }, limits).catch(
          previewProblem,
        );
        return { contentType: 'text/html; charset=utf-8', body: html };
      }
      const text = await runExtraction({ task: 'text', type, bytes }, limits).catch(previewProblem);
      return { contentType: 'text/plain; charset=utf-8', body: text };
    },
  };
}
