import { randomUUID } from 'node:crypto';
import type { EndingReason } from '@careers/contracts/fair-endings';
import type { Db } from '../../db';
import { queueStatusChangeMail } from '../status-emails/status-emails.service';
import { insertStatusChange, setApplicationStatus } from './applications.repository';

/**
 * The one writer of an application's status (docs/decisions/0547): the status, its timeline entry (who
 * moved it, or the job's ending as the reason) and the candidate's e-mail, all in the caller's
 * transaction. The employer's move and the job's ending both come through here, so the timeline, the
 * retention clock (its trigger reads the timeline, decision 0440) and the e-mail cannot drift apart.
 */
export async function moveApplicationStatus(
  trx: Db,
  change: {
    application: { id: string; candidate_id: string; application_status: number };
    to: number;
    now: Date;
    by?: { userId: string; name: string } | undefined;
    endingReason?: EndingReason | undefined;
    mailDelayMs: number;
  },
): Promise<void> {
  const { application, to, now } = change;
  await setApplicationStatus(trx, application.id, to, change.endingReason);
  await insertStatusChange(trx, {
    id: randomUUID(),
    application_id: application.id,
    application_status: to,
    changed_at: now,
    ...(change.by ? { changed_by_user_id: change.by.userId, changed_by_name: change.by.name } : {}),
    ...(change.endingReason ? { reason: change.endingReason } : {}),
  });
  await queueStatusChangeMail(
    trx,
    {
      candidateId: application.candidate_id,
      applicationId: application.id,
      from: application.application_status,
      to,
      now,
    },
    change.mailDelayMs,
  );
}
