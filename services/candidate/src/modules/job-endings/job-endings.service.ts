import { sql } from 'kysely';
import { ApplicationStatus } from '@careers/contracts/enums';
import {
  KEEP_ON_FILE_ANSWER_DAYS,
  KEEP_ON_FILE_MAX_DAYS,
  type CloseJob,
  type ClosePreview,
  type EndingReason,
  type KeepOnFile,
} from '@careers/contracts/fair-endings';
import { HttpProblem } from '@careers/server-kit/problem';
import type { AuthUser } from '@careers/server-kit/bearer-auth';
import type { Db } from '../../db';
import { requireCandidate } from '../candidates/candidates.service';
import { moveApplicationStatus } from '../applications/status-moves';
import { cancelInterviewAsJobEnds } from '../interviews/interviews.service';
import type { JobCache } from '../jobs/job-cache';
import { requireMemberJob } from '../jobs/business-jobs.service';
import type { Member } from '../team/team.service';

/*
 * No silent endings (issue 29 item 2, docs/decisions/0410, 0411): when a job closes, every application still
 * open gets SPEC's final status (Reject) with a reason, on its timeline and by the status e-mails, from a
 * scheduled pass; the employer may ask named candidates to stay on file, and those are asked to agree.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A closed job's open applications get their outcome this long after the close: a close undone within it tells nobody. */
export const ENDING_GRACE_MS = 60 * 60 * 1000;
const FINAL: readonly number[] = [ApplicationStatus.Hired, ApplicationStatus.Reject];

export const KEEP_NOT_OPEN = 'Only applications to this job that are still open can be kept on file.';
export const KEEP_UNTIL_RANGE = `Keep candidates on file until a date in the next ${KEEP_ON_FILE_MAX_DAYS} days.`;
export const JOB_ALREADY_CLOSED = 'The job is already closed.';
export const NOT_ASKED_TO_KEEP = 'The employer has not asked to keep this application on file.';

/** Open: not withdrawn, not hired or rejected, and not ended already. */
function openApplicationsOf(db: Db, jobId: string) {
  return db
    .selectFrom('job_applications as a')
    .innerJoin('candidates as c', 'c.id', 'a.candidate_id')
    .where('a.job_id', '=', jobId)
    .where('a.withdrawn_at', 'is', null)
    .where('a.ending_reason', 'is', null)
    .where('a.application_status', 'not in', FINAL as number[]);
}

function keptIds(keep: string | undefined): Set<string> {
  return new Set(
    (keep ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/**
 * The job's interviews still to happen, each needing the employer's choice when it closes (decision 0547):
 * an invitation not booked yet, or a booked interview not over. Locked when asked for the close.
 */
function openInterviewsOf(db: Db, jobId: string, now: Date) {
  return db
    .selectFrom('interviews as i')
    .innerJoin('job_applications as a', 'a.id', 'i.application_id')
    .innerJoin('candidates as c', 'c.id', 'a.candidate_id')
    .select(['i.id', 'i.application_id', 'i.status', 'i.starts_at', 'i.time_zone', 'c.name'])
    .where('a.job_id', '=', jobId)
    .where((eb) =>
      eb.or([eb('i.status', '=', 'invited'), eb.and([eb('i.status', '=', 'booked'), eb('i.ends_at', '>', now)])]),
    )
    .orderBy('i.starts_at')
    .orderBy('i.id');
}

/** Who will be told what if the job is closed now with this outcome, keeping these on file. */
export async function closePreview(
  db: Db,
  member: Member,
  jobId: string,
  query: { outcome: EndingReason; keep?: string | undefined },
  now: Date,
): Promise<ClosePreview> {
  const job = await requireMemberJob(db, member, jobId);
  const [rows, interviews] = await Promise.all([
    openApplicationsOf(db, job.id)
      .select(['a.id', 'a.applied_at', 'c.name', 'c.status_emails'])
      .orderBy('a.applied_at')
      .execute(),
    openInterviewsOf(db, job.id, now).execute(),
  ]);
  const keep = keptIds(query.keep);
  const told = rows.filter((r) => !keep.has(r.id));
  return {
    outcome: query.outcome,
    told: told.length,
    emailed: told.filter((r) => r.status_emails).length,
    askedToKeep: rows.length - told.length,
    open: rows.map((r) => ({ id: r.id, candidateName: r.name, appliedOn: r.applied_at.toISOString() })),
    interviews: interviews.map((r) => ({
      id: r.id,
      applicationId: r.application_id,
      candidateName: r.name,
      status: r.status as 'invited' | 'booked',
      startsAt: r.starts_at?.toISOString() ?? null,
      timeZone: r.time_zone,
    })),
  };
}

export const INTERVIEW_NOT_OF_JOB = 'This interview is not one of this job’s interviews still to happen.';
export const INTERVIEW_CHOICE_MISSING =
  'Choose for each interview of this job: cancel it and tell the candidate, or keep it.';

/**
 * Closes the job as filled or closed without a decision: it stops taking applications now, and the
 * scheduled pass gives its open applications their outcome (after ENDING_GRACE_MS). Those named in
 * keepOnFile are asked instead. Each interview still to happen needs a choice (decision 0547): those to
 * cancel are cancelled in the close's own transaction, by the employer's cancel (its e-mails).
 */
export async function closeJob(
  db: Db,
  member: Member,
  jobId: string,
  body: CloseJob,
  now: Date,
  jobCache: JobCache,
): Promise<{ closedOn: string; outcome: EndingReason; askedToKeep: number }> {
  const job = await requireMemberJob(db, member, jobId);
  if (!job.is_live && job.closed_at) throw new HttpProblem(409, JOB_ALREADY_CLOSED);
  const ids = body.keepOnFile?.applicationIds ?? [];
  let until: Date | null = null;
  if (ids.length > 0) {
    until = new Date(body.keepOnFile!.until);
    if (until.getTime() <= now.getTime() || until.getTime() > now.getTime() + KEEP_ON_FILE_MAX_DAYS * DAY_MS)
      throw new HttpProblem(400, KEEP_UNTIL_RANGE);
  }
  const choices = new Map((body.interviews ?? []).map((c) => [c.interviewId, c.choice]));
  if (choices.size !== (body.interviews ?? []).length) throw new HttpProblem(400, INTERVIEW_CHOICE_MISSING);
  const asked = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('jobs')
      .set({ is_live: false, closed_at: now, close_outcome: body.outcome })
      .where('id', '=', job.id)
      .execute();
    const interviews = await openInterviewsOf(trx, job.id, now).forUpdate('i').execute();
    const ofJob = new Set(interviews.map((i) => i.id));
    if ([...choices.keys()].some((id) => !ofJob.has(id))) throw new HttpProblem(404, INTERVIEW_NOT_OF_JOB);
    if (interviews.some((i) => !choices.has(i.id))) throw new HttpProblem(400, INTERVIEW_CHOICE_MISSING);
    for (const interview of interviews)
      if (choices.get(interview.id) === 'cancel') await cancelInterviewAsJobEnds(trx, interview.application_id, now);
    if (ids.length === 0) return 0;
    const open = await openApplicationsOf(trx, job.id).select('a.id').where('a.id', 'in', ids).execute();
    if (open.length !== new Set(ids).size) throw new HttpProblem(400, KEEP_NOT_OPEN);
    await trx
      .updateTable('job_applications')
      .set({
        keep_on_file_until: until,
        keep_on_file_asked_at: now,
        keep_on_file_answer: null,
        keep_on_file_answered_at: null,
      })
      .where('id', 'in', ids)
      .execute();
    return open.length;
  });
  jobCache.invalidate(job.id);
  return { closedOn: now.toISOString(), outcome: body.outcome, askedToKeep: asked };
}

/**
 * After a change of the job through the job form (PUT): closing it there counts as "closed without a
 * decision"; opening it again cancels the endings not given yet and the requests to keep on file.
 */
export async function noteJobLiveChange(db: Db, jobId: string, isLive: boolean, now: Date): Promise<void> {
  if (!isLive) {
    await db
      .updateTable('jobs')
      .set({ closed_at: now, close_outcome: 'closed' })
      .where('id', '=', jobId)
      .where('is_live', '=', false)
      .where('closed_at', 'is', null)
      .execute();
    return;
  }
  const reopened = await db
    .updateTable('jobs')
    .set({ closed_at: null, close_outcome: null })
    .where('id', '=', jobId)
    .where('closed_at', 'is not', null)
    .returning('id')
    .executeTakeFirst();
  if (reopened)
    await db
      .updateTable('job_applications')
      .set({
        keep_on_file_until: null,
        keep_on_file_asked_at: null,
        keep_on_file_answer: null,
        keep_on_file_answered_at: null,
      })
      .where('job_id', '=', jobId)
      .where('ending_reason', 'is', null)
      .execute();
}

/** The candidate's answer to the employer's request to keep their application on file. */
export async function answerKeepOnFile(
  db: Db,
  user: AuthUser,
  applicationId: string,
  agree: boolean,
  now: Date,
): Promise<KeepOnFile> {
  const candidate = await requireCandidate(db, user);
  const row = await db
    .updateTable('job_applications')
    .set({ keep_on_file_answer: agree ? 'agreed' : 'declined', keep_on_file_answered_at: now })
    .where('id', '=', applicationId)
    .where('candidate_id', '=', candidate.id)
    .where('keep_on_file_asked_at', 'is not', null)
    .where('ending_reason', 'is', null)
    .where('withdrawn_at', 'is', null)
    .returning(['keep_on_file_until', 'keep_on_file_asked_at', 'keep_on_file_answer'])
    .executeTakeFirst();
  if (!row || !row.keep_on_file_until || !row.keep_on_file_asked_at) throw new HttpProblem(404, NOT_ASKED_TO_KEEP);
  return {
    until: row.keep_on_file_until.toISOString(),
    askedOn: row.keep_on_file_asked_at.toISOString(),
    answer: row.keep_on_file_answer,
  };
}

/** The request to keep an application on file as both sides see it; null when there is none. */
export function keepOnFileOf(row: {
  keep_on_file_until: Date | null;
  keep_on_file_asked_at: Date | null;
  keep_on_file_answer: 'agreed' | 'declined' | null;
}): KeepOnFile | null {
  if (!row.keep_on_file_until || !row.keep_on_file_asked_at) return null;
  return {
    until: row.keep_on_file_until.toISOString(),
    askedOn: row.keep_on_file_asked_at.toISOString(),
    answer: row.keep_on_file_answer,
  };
}

const BATCH = 100;

/**
 * The scheduled pass: each open application of a job closed at least ENDING_GRACE_MS ago gets the final
 * status with the job's outcome as its reason, a timeline entry and the status e-mail, in one transaction
 * per batch. FOR UPDATE SKIP LOCKED and the "still open" condition make each ending happen once across
 * instances. Kept on file: skipped while the candidate agreed (until the date) or may still answer.
 */
export async function giveEndings(db: Db, now: Date, graceMs = ENDING_GRACE_MS): Promise<number> {
  const closedBefore = new Date(now.getTime() - graceMs);
  const answerBy = new Date(now.getTime() - KEEP_ON_FILE_ANSWER_DAYS * DAY_MS);
  let given = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const rows = await sql<{
        id: string;
        candidate_id: string;
        application_status: number;
        close_outcome: EndingReason;
      }>`
        select a.id, a.candidate_id, a.application_status, j.close_outcome
        from job_applications a
        join jobs j on j.id = a.job_id
        where j.closed_at is not null and j.closed_at <= ${closedBefore} and j.is_live = false
          and a.withdrawn_at is null and a.ending_reason is null
          and a.application_status not in (${ApplicationStatus.Hired}, ${ApplicationStatus.Reject})
          and not exists (
            select 1 from interviews i
            where i.application_id = a.id and i.status = 'booked' and i.ends_at > ${now}
          )
          and not (
            a.keep_on_file_asked_at is not null and (
              (coalesce(a.keep_on_file_answer, '') = 'agreed' and a.keep_on_file_until > ${now})
              or (a.keep_on_file_answer is null and a.keep_on_file_asked_at > ${answerBy})
            )
          )
        order by a.id
        limit ${BATCH}
        for update of a skip locked`.execute(trx);
      for (const row of rows.rows) {
        // An invitation the employer kept at the close ends with the application (decision 0547).
        await cancelInterviewAsJobEnds(trx, row.id, now);
        await moveApplicationStatus(trx, {
          application: row,
          to: ApplicationStatus.Reject,
          now,
          endingReason: row.close_outcome,
          mailDelayMs: 0,
        });
      }
      return rows.rows.length;
    });
    given += batch;
    if (batch < BATCH) return given;
  }
}
