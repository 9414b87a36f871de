import type { Logger } from '@careers/server-kit/logger';
import type { Db } from '../../db';
import type { BlobStorage } from '../storage/storage';
import type { CvFileType } from './cv-file-type';
import { ExtractionError, runExtraction, type ExtractionLimits } from './cv-extraction';
import { countParseAttempt, findCvById, setParseResult, stalePendingCvIds } from './cvs.repository';

/** A file whose extraction did not finish this many times (a crash mid-way) is Failed, not retried again. */
export const MAX_PARSE_ATTEMPTS = 2;

/** CVs whose parse job may have been lost (a crash between commit and enqueue): the sweep queues them again. */
export { stalePendingCvIds };

export interface CvParsingDeps {
  db: Db;
  storage: BlobStorage;
  logger: Logger;
  limits: ExtractionLimits;
}

/** The parse job: extracts a Pending CV's text in a capped child process and keeps the result (Parsed, Failed, Unsupported). */
export async function parseCv(deps: CvParsingDeps, cvId: string): Promise<void> {
  const { db } = deps;
  const cv = await findCvById(db, cvId);
  if (!cv || cv.parse_status !== 'Pending') return;
  // A storage outage throws here and the job is retried; a file that cannot be read is final.
  const object = await deps.storage.get(cv.storage_key);
  if (!object) {
    await setParseResult(db, cvId, { status: 'Failed', text: null, error: 'file missing' });
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  const attempts = await countParseAttempt(db, cvId);
  if (attempts === null) return;
  if (attempts > MAX_PARSE_ATTEMPTS) {
    deps.logger.warn({ cvId, attempts }, 'CV parsing never finished; giving up');
    await setParseResult(db, cvId, { status: 'Failed', text: null, error: 'parsing did not finish' });
    return;
  }
  try {
    const bytes = Buffer.concat(chunks);
    chunks.length = 0; // one copy of the file in memory while it is written to the child
    const text = await runExtraction(
      { task: 'text', type: cv.file_type as CvFileType, bytes },
      deps.limits,
      `candidate:${cv.candidate_id}`,
    );
    await setParseResult(db, cvId, { status: 'Parsed', text, error: null });
  } catch (err) {
    const unsupported = err instanceof ExtractionError && err.kind === 'unsupported';
    deps.logger.warn({ err, cvId }, unsupported ? 'CV content not supported' : 'CV parsing failed');
    await setParseResult(db, cvId, {
      status: unsupported ? 'Unsupported' : 'Failed',
      text: null,
      error: (err instanceof Error ? err.message : String(err)).slice(0, 500),
    });
  }
}
