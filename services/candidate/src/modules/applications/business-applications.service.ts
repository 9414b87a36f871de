import { randomUUID } from 'node:crypto';
import type {
  EmployerApplication,
  EmployerApplicationDetail,
  EmployerApplicationPage,
  EmployerJobStats,
} from '@careers/contracts/employer';
import { HttpProblem } from '@careers/server-kit/problem';
import type { Db } from '../../db';
import type { AuthUser } from '../auth/auth.service';
import { requireBusiness } from '../business/business.service';
import { requireBusinessJob } from '../jobs/business-jobs.service';
import { queueStatusChangeMail } from '../status-emails/status-emails.service';
import {
  businessCanSeeCv,
  countJobApplications,
  findBusinessApplication,
  findBusinessApplicationForUpdate,
  insertStatusChange,
  jobApplicationStats,
  listJobApplications,
  setApplicationStatus,
  statusHistory,
} from './applications.repository';
import {
  APPLICATION_NOT_FOUND,
  WITHDRAWN_BY_CANDIDATE,
  toEmployerApplication,
  toEmployerApplicationDetail,
} from './applications.service';

/** The days GET /business/jobs/{id}/stats counts by day, today (UTC) included. */
export const STATS_DAYS = 30;

/** Figures of one of the business's jobs: applications by day (the last STATS_DAYS, UTC), by source, by status reached. */
export async function jobStatsOfBusiness(db: Db, user: AuthUser, jobId: string): Promise<EmployerJobStats> {
  const business = await requireBusiness(db, user);
  const job = await requireBusinessJob(db, business.id, jobId);
  const today = new Date();
  const since = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (STATS_DAYS - 1)));
  const stats = await jobApplicationStats(db, job.id, since);
  return { totalApplications: job.application_count, days: STATS_DAYS, ...stats };
}

/** Applications to one of the business's jobs, newest first; totalApplications counts what passes the filter. */
export async function listApplicationsOfJob(
  db: Db,
  user: AuthUser,
  jobId: string,
  query: {
    page: number;
    pageSize: number;
    status?: number | undefined;
    search?: string | undefined;
    withdrawn?: 'true' | 'false' | undefined;
  },
): Promise<EmployerApplicationPage> {
  const business = await requireBusiness(db, user);
  const job = await requireBusinessJob(db, business.id, jobId);
  const { page, pageSize, status, search } = query;
  const withdrawn = query.withdrawn === undefined ? undefined : query.withdrawn === 'true';
  const filter = { status, search: search || undefined, withdrawn };
  const filtered = filter.status !== undefined || filter.search !== undefined || withdrawn !== undefined;
  const [rows, total] = await Promise.all([
    listJobApplications(db, job.id, { offset: (page - 1) * pageSize, limit: pageSize }, filter),
    filtered ? countJobApplications(db, job.id, filter) : job.application_count,
  ]);
  return { page, pageSize, totalApplications: total, applications: rows.map(toEmployerApplication) };
}

export async function getApplicationOfBusiness(
  db: Db,
  user: AuthUser,
  applicationId: string,
): Promise<EmployerApplicationDetail> {
  const business = await requireBusiness(db, user);
  const row = await findBusinessApplication(db, business.id, applicationId);
  if (!row) throw new HttpProblem(404, APPLICATION_NOT_FOUND);
  const history = await statusHistory(db, [row.id]);
  return toEmployerApplicationDetail(row, history.get(row.id) ?? []);
}

/**
 * Moves an application to any status and keeps the change with its time; queues the candidate's e-mail
 * in the same transaction, sent after `statusMailDelayMs`. 409 once the candidate has withdrawn.
 */
export async function moveApplication(
  db: Db,
  user: AuthUser,
  applicationId: string,
  status: number,
  statusMailDelayMs: number,
): Promise<EmployerApplication> {
  const business = await requireBusiness(db, user);
  return db.transaction().execute(async (trx) => {
    const row = await findBusinessApplicationForUpdate(trx, business.id, applicationId);
    if (!row) throw new HttpProblem(404, APPLICATION_NOT_FOUND);
    if (row.withdrawn_at) throw new HttpProblem(409, WITHDRAWN_BY_CANDIDATE);
    if (row.application_status !== status) {
      const now = new Date();
      await setApplicationStatus(trx, row.id, status);
      await insertStatusChange(trx, {
        id: randomUUID(),
        application_id: row.id,
        application_status: status,
        changed_at: now,
      });
      await queueStatusChangeMail(
        trx,
        { candidateId: row.candidate_id, applicationId: row.id, from: row.application_status, to: status, now },
        statusMailDelayMs,
      );
    }
    return toEmployerApplication({ ...row, application_status: status });
  });
}

/** True when the CV came to the business with an application or a CV drop. */
export { businessCanSeeCv as businessMaySeeCv };
