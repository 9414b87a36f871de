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
import { keepAccountForHolds } from '../retention/legal-holds.service';

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
 * rows, so a failure leaves the rows that name the files, and the retried notice finishes the job. A business
 * under a legal hold keeps what it holds of the candidate until the hold ends (docs/decisions/0494).
 */
export async function applyAccountEvent(
  db: Db,
  storage: BlobStorage,
  log: FastifyBaseLogger,
  claims: AccountEventClaims,
  now: Date = new Date(),
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
  const held = await deleteAccountKeptForHolds(db, storage, log, userId, now);
  if (held) return held;
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

/**
 * The account's deletion while a business holding something of the candidate is under a legal hold: what no
 * held business holds goes now, as ever (rows, then the files once committed: a file left behind is logged and
 * the orphan sweep finds it); the rest stays, signed out for good, until the hold ends. null when no hold
 * applies (the whole candidate goes as ever).
 */
async function deleteAccountKeptForHolds(
  db: Db,
  storage: BlobStorage,
  log: FastifyBaseLogger,
  userId: string,
  now: Date,
): Promise<AccountEventResult | null> {
  const result = await db.transaction().execute(async (trx) => {
    const candidate = await trx
      .selectFrom('candidates')
      .select(['id', 'email'])
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!candidate) return null;
    const kept = await keepAccountForHolds(trx, candidate.id, now);
    if (!kept) return null;
    await deleteAlertsOfAddress(trx, candidate.email);
    await deleteContactMessagesOfUser(trx, userId);
    const jobsClosed = await closeJobsOfOwner(trx, userId);
    await leaveEveryTeam(trx, userId);
    return { storageKeys: kept.storageKeys, jobsClosed };
  });
  if (!result) return null;
  for (const key of result.storageKeys)
    await storage.delete(key).catch((err: unknown) => log.error({ err, key }, 'CV file left behind'));
  log.info({ userId, cvFiles: result.storageKeys.length }, 'deleted account removed; held businesses keep theirs');
  return { userId, candidateDeleted: true, cvFilesDeleted: result.storageKeys.length, jobsClosed: result.jobsClosed };
}
