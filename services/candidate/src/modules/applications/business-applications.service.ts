import { randomUUID } from 'node:crypto';
import type {
  ApplicationNote,
  EmployerApplication,
  EmployerApplicationDetail,
  EmployerApplicationPage,
  EmployerJobStats,
} from '@careers/contracts/employer';
import { ApplicationStatus } from '@careers/contracts/enum-values';
import { HttpProblem } from '@careers/server-kit/problem';
import type { Db } from '../../db';
import { requireMemberJob } from '../jobs/business-jobs.service';
import { memberMaySeeJob, type Member } from '../team/team.service';
import { openingsOfCv } from '../cv-openings/cv-openings.service';
import { inviteOnScheduleInterview } from '../interviews/interviews.service';
import { unmetRequirementCounts } from '../screening/screening.service';
import { unreadRepliesOf, unreadRepliesOfJob } from '../messages/messages.service';
import {
  businessMaySeeCv,
  countJobApplications,
  findBusinessApplication,
  findBusinessApplicationForUpdate,
  insertApplicationNote,
  notesOf,
  jobApplicationStats,
  listJobApplications,
  statusHistory,
} from './applications.repository';
import {
  APPLICATION_NOT_FOUND,
  WITHDRAWN_BY_CANDIDATE,
  toEmployerApplication,
  toEmployerApplicationDetail,
} from './applications.service';
import { moveApplicationStatus } from './status-moves';

/** The days GET /business/jobs/{id}/stats counts by day, today (UTC) included. */
export const STATS_DAYS = 30;

/** Figures of one of the business's jobs: applications by day (the last STATS_DAYS, UTC), by source, by status reached. */
export async function jobStatsOfBusiness(db: Db, member: Member, jobId: string): Promise<EmployerJobStats> {
  const job = await requireMemberJob(db, member, jobId);
  const today = new Date();
  const since = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (STATS_DAYS - 1)));
  const stats = await jobApplicationStats(db, job.id, since);
  return { totalApplications: job.application_count, days: STATS_DAYS, ...stats };
}

/** Applications to one of the business's jobs, newest first; totalApplications counts what passes the filter. */
export async function listApplicationsOfJob(
  db: Db,
  member: Member,
  jobId: string,
  query: {
    page: number;
    pageSize: number;
    status?: number | undefined;
    search?: string | undefined;
    withdrawn?: 'true' | 'false' | undefined;
  },
): Promise<EmployerApplicationPage> {
  const job = await requireMemberJob(db, member, jobId);
  const { page, pageSize, status, search } = query;
  const withdrawn = query.withdrawn === undefined ? undefined : query.withdrawn === 'true';
  const filter = { status, search: search || undefined, withdrawn };
  const filtered = filter.status !== undefined || filter.search !== undefined || withdrawn !== undefined;
  const [rows, total, unreadMessages] = await Promise.all([
    listJobApplications(db, job.id, { offset: (page - 1) * pageSize, limit: pageSize }, filter),
    filtered ? countJobApplications(db, job.id, filter) : job.application_count,
    unreadRepliesOfJob(db, job.id),
  ]);
  // The candidates' unread replies, per application and in the whole job (docs/decisions/0424).
  const unread = await unreadRepliesOf(
    db,
    rows.map((row) => row.id),
  );
  // The requirements of the job's questions each application does not meet (docs/decisions/0400).
  const unmet = await unmetRequirementCounts(
    db,
    rows.map((row) => row.id),
  );
  return {
    page,
    pageSize,
    totalApplications: total,
    unreadMessages,
    applications: rows.map((row) => ({
      ...toEmployerApplication(row),
      unreadMessages: unread.get(row.id) ?? 0,
      doesNotMeet: unmet.get(row.id) ?? 0,
    })),
  };
}

/** An application to one of the business's jobs the member may see; 404 otherwise. */
async function requireMemberApplication(db: Db, member: Member, applicationId: string) {
  const row = await findBusinessApplication(db, member.business.id, applicationId);
  if (!row || !(await memberMaySeeJob(db, member, row.job_id))) throw new HttpProblem(404, APPLICATION_NOT_FOUND);
  return row;
}

export async function getApplicationOfBusiness(
  db: Db,
  member: Member,
  applicationId: string,
): Promise<EmployerApplicationDetail> {
  const row = await requireMemberApplication(db, member, applicationId);
  const [history, notes, cvOpenings] = await Promise.all([
    statusHistory(db, [row.id]),
    notesOf(db, row.id),
    row.cv_id ? openingsOfCv(db, member.business.id, row.cv_id) : [],
  ]);
  return {
    ...toEmployerApplicationDetail(row, history.get(row.id) ?? []),
    notes: notes.map(toNote),
    cvOpenings,
  };
}

const toNote = (row: { id: string; body: string; author_name: string; created_at: Date }): ApplicationNote => ({
  id: row.id,
  body: row.body,
  authorName: row.author_name,
  createdOn: row.created_at.toISOString(),
});

/** A note of the business on an application, signed with the member's name; the candidate never sees it. */
export async function addApplicationNote(
  db: Db,
  member: Member,
  applicationId: string,
  body: string,
): Promise<ApplicationNote> {
  const row = await requireMemberApplication(db, member, applicationId);
  const note = {
    id: randomUUID(),
    application_id: row.id,
    author_user_id: member.userId,
    author_name: member.displayName,
    body,
    created_at: new Date(),
  };
  await insertApplicationNote(db, note);
  return toNote(note);
}

/**
 * Moves an application to any status and keeps the change with its time; queues the candidate's e-mail
 * in the same transaction, sent after `statusMailDelayMs`. 409 once the candidate has withdrawn.
 */
export async function moveApplication(
  db: Db,
  member: Member,
  applicationId: string,
  status: number,
  statusMailDelayMs: number,
): Promise<EmployerApplication> {
  return db.transaction().execute(async (trx) => {
    const row = await findBusinessApplicationForUpdate(trx, member.business.id, applicationId);
    if (!row) throw new HttpProblem(404, APPLICATION_NOT_FOUND);
    if (row.withdrawn_at) throw new HttpProblem(409, WITHDRAWN_BY_CANDIDATE);
    if (row.application_status !== status) {
      const now = new Date();
      await moveApplicationStatus(trx, {
        application: row,
        to: status,
        now,
        by: { userId: member.userId, name: member.displayName },
        mailDelayMs: statusMailDelayMs,
      });
      // "Schedule interview" invites the candidate to choose a time with the mover (docs/decisions/0432).
      if (status === ApplicationStatus.ScheduleInterview) await inviteOnScheduleInterview(trx, member, row, now);
    }
    return toEmployerApplication({ ...row, application_status: status });
  });
}

/** True when the CV came to the business with an application or a CV drop. */
export { businessMaySeeCv };
