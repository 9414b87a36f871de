import type { FastifyBaseLogger } from 'fastify';
import { HttpProblem } from '@careers/server-kit/problem';
import type { Db } from '../../db';
import type { AuthUser } from '@careers/server-kit/bearer-auth';
import { deleteContactMessagesOfUser } from '../contact/contact.service';
import { cvStorageKeysOfCandidate } from '../cvs/cvs.service';
import type { BlobStorage } from '../storage/storage';
import { deleteCandidate, findCandidateByUser } from './candidates.repository';
import { deleteAlertsOfAddress } from '../job-alerts/job-alerts.service';
import { cancelInterviewsBeforeDeletion } from '../interviews/interviews.service';
import { NO_CANDIDATE } from './candidates.service';
import { keepAccountForHolds } from '../retention/legal-holds.service';

/**
 * Deletes the caller's candidate (by its id, 404 for any other) with all its CVs, applications, CV drops
 * and contact messages. Its own file beside candidates.service: it reads the CVs' and contact messages'
 * services, which read the candidate through candidates.service. A business under a legal hold keeps what it
 * holds of the candidate until the hold ends (docs/decisions/0494).
 */
export async function deleteOwnCandidate(
  db: Db,
  storage: BlobStorage,
  log: FastifyBaseLogger,
  user: AuthUser,
  id: string,
  now: Date = new Date(),
): Promise<{ id: string }> {
  const keys = await db.transaction().execute(async (trx) => {
    const candidate = await findCandidateByUser(trx, user.userId);
    if (!candidate || candidate.id !== id) throw new HttpProblem(404, NO_CANDIDATE);
    const kept = await keepAccountForHolds(trx, candidate.id, now);
    const storageKeys = kept ? kept.storageKeys : await cvStorageKeysOfCandidate(trx, candidate.id);
    if (!kept) {
      // A booked interview still to come leaves the interviewer's calendar (docs/decisions/0436).
      await cancelInterviewsBeforeDeletion(trx, { candidateId: candidate.id }, now);
      // Rows of CVs, applications, their history and CV drops go with the candidate (on delete cascade).
      await deleteCandidate(trx, candidate.id);
    }
    await deleteContactMessagesOfUser(trx, user.userId);
    // Job alerts belong to an address, not an account: those of the candidate's and the account's go.
    await deleteAlertsOfAddress(trx, candidate.email);
    if (user.email.toLowerCase() !== candidate.email.toLowerCase()) await deleteAlertsOfAddress(trx, user.email);
    return storageKeys;
  });
  // Files after the commit: a failed delete leaves an orphan file, never a row without its file.
  for (const key of keys) {
    await storage.delete(key).catch((err: unknown) => log.error({ err, key }, 'CV file left behind'));
  }
  return { id };
}
