import { PassThrough, Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { DataExportAccount, DataExportCv } from '@careers/contracts/candidate-api';
import type { AuthUser } from '@careers/server-kit/bearer-auth';
import { candidateApplicationIds, candidateApplicationsSlice } from '../applications/applications.service';
import type { Db } from '../../db';
import { currentCandidate, lockCandidate, toCandidate, type CandidateRow } from '../candidates/candidates.service';
import { candidateCvDropIds, candidateCvDropsSlice } from '../cv-drops/cv-drops.service';
import { allCandidateCvs, type CvListRow } from '../cvs/cvs.service';
import { QUOTAS } from '../quotas/quotas';
import type { BlobStorage } from '../storage/storage';
import { recordDataExport } from './data-export.repository';
import { alertsOfAddress } from '../job-alerts/job-alerts.service';
import { interviewsForExport } from '../interviews/interviews.service';
import { candidateMessagesSlice } from '../messages/messages.service';
import { candidateApplicationRecords } from '../screening/screening.service';

/** Rows read from the database at a time while the JSON files are written. */
export const EXPORT_SLICE = 100;

const README = `Your data from the careers portal, as it was when you asked for it.

account.json       your account: the e-mail address you sign in with
profile.json       your candidate profile: name, e-mail, phone number, post code
applications.json  every job application, newest first, with its status history and any withdrawal
application-records.json  each application's receipt: the ad as you saw it, your CV file's SHA-256, your answers
messages.json      the messages between you and employers about your applications, oldest first
cv-drops.json      every CV you sent to a business without a job, newest first
cvs.json           your CVs; "file" names the copy in the cvs folder
cvs/               the CV files themselves, as you uploaded them
job-alerts.json    the job alerts of your account's e-mail address
interviews.json    your interviews: when, where, with whom, and whether they were cancelled
`;

/** A zip entry name from a user's file name: no folders, no control or reserved characters, not too long. */
export function zipSafeName(fileName: string): string {
  const cleaned = fileName
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .replace(/^\.+/, '_')
    .trim();
  const name = cleaned || 'cv';
  if (name.length <= 120) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, 120 - extension.length) + extension;
}

/** A JSON array written a slice of ids at a time: `load` reads the rows of one slice, in order. */
function jsonArrayStream(ids: string[], load: (slice: string[]) => Promise<unknown[]>): Readable {
  async function* lines() {
    yield Buffer.from('[');
    let first = true;
    for (let at = 0; at < ids.length; at += EXPORT_SLICE) {
      for (const item of await load(ids.slice(at, at + EXPORT_SLICE))) {
        yield Buffer.from(`${first ? '\n  ' : ',\n  '}${JSON.stringify(item)}`);
        first = false;
      }
    }
    yield Buffer.from(first ? ']\n' : '\n]\n');
  }
  return Readable.from(lines());
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

export interface DataExport {
  /** The zip, produced as it is read: one database slice or one file at a time. */
  stream: Readable;
  fileName: string;
}

/**
 * The caller's data as a zip (buildDataExport), counted against the hourly quota of exports first (429
 * past it, in a transaction that locks the candidate's row).
 */
export async function exportOwnData(db: Db, storage: BlobStorage, user: AuthUser): Promise<DataExport> {
  const candidate = await currentCandidate(db, user);
  await db.transaction().execute(async (trx) => {
    await lockCandidate(trx, candidate.id);
    await recordDataExport(trx, candidate.id, QUOTAS.dataExports);
  });
  return buildDataExport(db, storage, user, candidate);
}

/**
 * The candidate's data as a zip (docs/decisions/0141), streamed: the JSON files are written a slice of rows at
 * a time, each CV file is opened only when the zip reaches it and passes through without being held, and the
 * zip waits on its reader (back-pressure) all the way to the store. A failure half-way aborts the stream
 * (the download fails rather than ending as a valid but incomplete zip).
 */
export async function buildDataExport(
  db: Db,
  storage: BlobStorage,
  user: AuthUser,
  candidate: CandidateRow,
  now = new Date(),
): Promise<DataExport> {
  const [applicationIds, dropIds, cvRows] = await Promise.all([
    candidateApplicationIds(db, candidate.id),
    candidateCvDropIds(db, candidate.id),
    allCandidateCvs(db, candidate.id),
  ]);
  // A file missing from the store (an operator's cleanup, a half-finished delete) is named as missing in
  // cvs.json instead of breaking the zip half-way.
  const present = await Promise.all(cvRows.map(async (row) => (await storage.size(row.storage_key)) !== null));
  const cvFiles: { row: CvListRow; path: string | null }[] = cvRows.map((row, index) => ({
    row,
    path: present[index] ? `cvs/${index + 1}-${zipSafeName(row.file_name)}` : null,
  }));

  const zip = new ZipFile();
  const output = new PassThrough();
  const open = new Set<Readable>();
  const fail = (err: Error) => {
    for (const stream of open) stream.destroy();
    output.destroy(err);
  };
  zip.on('error', fail);
  // The reader went away (closed tab, dropped connection): stop reading the store.
  output.on('close', () => {
    for (const stream of open) stream.destroy();
  });
  zip.outputStream.on('error', fail);
  zip.outputStream.pipe(output);

  const lazy = (path: string, compress: boolean, mtime: Date, make: () => Promise<Readable>) =>
    zip.addReadStreamLazy(path, { compress, mtime }, (callback) => {
      make().then(
        (stream) => {
          open.add(stream);
          stream.on('error', fail);
          stream.on('close', () => open.delete(stream));
          callback(null, stream);
        },
        (err: Error) => fail(err),
      );
    });

  const account: DataExportAccount = {
    userId: user.userId,
    email: user.email,
    emailVerified: user.emailVerified,
    name: user.name,
    roles: user.roles,
    exportedOn: now.toISOString(),
  };
  zip.addBuffer(Buffer.from(README), 'README.txt', { mtime: now });
  zip.addBuffer(json(account), 'account.json', { mtime: now });
  zip.addBuffer(json(toCandidate(candidate)), 'profile.json', { mtime: now });
  lazy('applications.json', true, now, async () =>
    jsonArrayStream(applicationIds, (slice) => candidateApplicationsSlice(db, candidate.id, slice)),
  );
  lazy('application-records.json', true, now, async () =>
    jsonArrayStream(applicationIds, (slice) => candidateApplicationRecords(db, candidate.id, slice)),
  );
  lazy('messages.json', true, now, async () =>
    jsonArrayStream(applicationIds, (slice) => candidateMessagesSlice(db, candidate.id, slice)),
  );
  lazy('cv-drops.json', true, now, async () =>
    jsonArrayStream(dropIds, (slice) => candidateCvDropsSlice(db, candidate.id, slice)),
  );
  const cvs: DataExportCv[] = cvFiles.map(({ row, path }) => ({
    id: row.id,
    fileName: row.file_name,
    contentType: row.content_type,
    sizeBytes: Number(row.size_bytes),
    createdOn: row.created_at.toISOString(),
    cvParseStatus: row.parse_status,
    file: path,
  }));
  zip.addBuffer(json(cvs), 'cvs.json', { mtime: now });
  zip.addBuffer(json(await alertsOfAddress(db, user.email)), 'job-alerts.json', { mtime: now });
  zip.addBuffer(json(await interviewsForExport(db, candidate.id)), 'interviews.json', { mtime: now });
  for (const { row, path } of cvFiles) {
    if (!path) continue;
    // PDF and Word files are compressed already: stored as they are.
    lazy(path, false, row.created_at, async () => {
      const object = await storage.get(row.storage_key);
      if (!object) throw new Error(`the CV file ${row.id} left the store during the export`);
      return object.body;
    });
  }
  zip.end();
  return { stream: output, fileName: `careers-data-${now.toISOString().slice(0, 10)}.zip` };
}
