import type { FastifyBaseLogger } from 'fastify';
import type { AccountEventClaims } from '@careers/contracts/identity';
import { HttpProblem } from '@careers/server-kit/problem';
import type { Db } from '../../db';
import { deleteCandidateOfUser, updateCandidateAddressOfUser } from '../candidates/candidates.service';
import { deleteContactMessagesOfUser } from '../contact/contact.service';
import { cvStorageKeysOfUser } from '../cvs/cvs.service';
import { closeJobsOfOwner } from '../jobs/jobs.service';
import type { BlobStorage } from '../storage/storage';
import { leaveEveryTeam } from '../team/team.service';
import { deleteAlertsOfAddress } from '../job-alerts/job-alerts.service';
import { cancelInterviewsBeforeDeletion } from '../interviews/interviews.service';

export interface AccountEventResult {
  userId: string;
  candidateDeleted: boolean;
  cvFilesDeleted: number;
  jobsClosed: number;
  /** Address notices: whether a candidate of the account took the new address or proof. */
  candidateUpdated?: boolean;
}

/**
 * The identity service's notice, verified: an account was deleted (its data here goes too), or its address
 * moved or was proved (the candidate takes the address and the proof). Idempotent. Files go first, then
 * rows, so a failure leaves the rows that name the files, and the retried notice finishes the job.
 */
export async function applyAccountEvent(
  db: Db,
  storage: BlobStorage,
  log: FastifyBaseLogger,
  claims: AccountEventClaims,
): Promise<AccountEventResult> {
  const userId = claims.sub;
  if (claims.event !== 'account_deleted') {
    // The address and its proof as they are at identity when the notice was sent (decision 0166).
    if (claims.email === undefined || claims.email_verified === undefined)
      throw new HttpProblem(401, 'The notice is not valid.');
    const candidateUpdated = await updateCandidateAddressOfUser(db, userId, {
      email: claims.email,
      emailVerified: claims.email_verified,
    });
    return { userId, candidateDeleted: false, cvFilesDeleted: 0, jobsClosed: 0, candidateUpdated };
  }
  const keys = await cvStorageKeysOfUser(db, userId);
  for (const key of keys) await storage.delete(key);
  const result = await db.transaction().execute(async (trx) => {
    // The candidate's job alerts (by address, docs/decisions/0380) go with it.
    const candidate = await trx
      .selectFrom('candidates')
      .select(['id', 'email'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (candidate) {
      await deleteAlertsOfAddress(trx, candidate.email);
      // A booked interview still to come leaves the interviewer's calendar (docs/decisions/0436).
      await cancelInterviewsBeforeDeletion(trx, { candidateId: candidate.id }, new Date());
    }
    const candidateDeleted = await deleteCandidateOfUser(trx, userId);
    await deleteContactMessagesOfUser(trx, userId);
    const jobsClosed = await closeJobsOfOwner(trx, userId);
    await leaveEveryTeam(trx, userId);
    return { candidateDeleted, jobsClosed };
  });
  log.info({ userId, ...result, cvFiles: keys.length }, 'deleted account removed');
  return {
    userId,
    candidateDeleted: result.candidateDeleted,
    cvFilesDeleted: keys.length,
    jobsClosed: result.jobsClosed,
  };
}
