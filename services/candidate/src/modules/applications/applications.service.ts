import { applicationSource } from './application-source';
import { randomUUID } from 'node:crypto';
import {
  ALREADY_APPLIED,
  type CreateApplication,
  type CreateApplicationResult,
  type JobApplication,
  type JobApplicationPage,
} from '@careers/contracts/candidate';
import { ApplicationStatus, type ApplicationStatus as Status } from '@careers/contracts/enums';
import {
  ALREADY_WITHDRAWN,
  APPLICATION_CLOSED,
  type JobApplicationDetail,
  type WithdrawnApplication,
} from '@careers/contracts/candidate-api';
import type { EmployerApplication, EmployerApplicationDetail } from '@careers/contracts/employer';
import { productMetrics } from '@careers/server-kit/metrics';
import { HttpProblem } from '@careers/server-kit/problem';
import { cancelInterviewOnWithdrawal, interviewSummariesOf } from '../interviews/interviews.service';
import { recordEmployerEvent } from '../employer-notifications/employer-notifications.service';
import type { Db } from '../../db';
import type { AuthUser } from '@careers/server-kit/bearer-auth';
import { lockCandidate, requireCandidate } from '../candidates/candidates.service';
import { findCandidateCv } from '../cvs/cvs.service';
import { keepForOtherRolesAtApply, withRetentionFields } from '../retention/retention.service';
import { lastOpenedBy, openingKey } from '../cv-openings/cv-openings.service';
import { findJob, isOpen, toJobDetail } from '../jobs/jobs.service';
import { queueApplicationReceipt } from '../status-emails/status-emails.service';
import { keepOnFileOf } from '../job-endings/job-endings.service';
import { replyFactsOf } from '../reply-times/reply-times.service';
import { answersProblem, questionsOf, recordApplication } from '../screening/screening.service';
import {
  candidateApplicationIds,
  candidateApplicationsByIds,
  countCandidateApplications,
  findCandidateApplicationForUpdate,
  hasOpenApplication,
  listCandidateApplications,
  statusHistory,
  insertApplication,
  insertStatusChange,
  markWithdrawn,
  withdrawnCounts,
  type CandidateApplicationRow,
  type EmployerApplicationRow,
  type HistoryEntry,
} from './applications.repository';

export const JOB_DOES_NOT_EXIST = 'This job does not exist.';
export const JOB_CLOSED = 'This job is no longer open for applications.';
export const CV_NOT_YOURS = 'The chosen CV was not found. Choose another CV or upload a new one.';

/**
 * Applications one candidate may make to one job, withdrawn ones included: the first and two more after
 * withdrawing. Bounds an apply, withdraw, apply loop (each round a row, a timeline entry and a notice on the
 * employer's list) while leaving room to withdraw by mistake and come back (docs/decisions/0239).
 */
export const APPLICATIONS_PER_JOB = 3;
export const REAPPLY_LIMIT_REACHED = `You have applied for this job ${APPLICATIONS_PER_JOB} times already and cannot apply to it again.`;

/** The ids of every application of the candidate, newest first (the data export reads them a slice at a time). */
export { candidateApplicationIds };

/** How many applications to each of these jobs the candidates withdrew (the employer's job list counts them apart). */
export { withdrawnCounts };

const invalid = (error: string): CreateApplicationResult => ({ result: null, isValidResponse: false, errors: [error] });

/**
 * Applies with one of the candidate's CVs. Business-rule refusals answer the spec's wrapper with
 * isValidResponse false and a message the portal shows as is (product.md §4); run inside a transaction.
 */
export async function apply(
  trx: Db,
  candidateId: string,
  body: CreateApplication,
  /** The portal's address: a Referer on it is the careers page or the job search (docs/decisions/0383). */
  portalUrl = '',
): Promise<CreateApplicationResult> {
  // The count below and the insert are one step: a candidate's applications are made one at a time.
  await lockCandidate(trx, candidateId);
  const job = await findJob(trx, body.jobId);
  if (!job) return invalid(JOB_DOES_NOT_EXIST);
  if (!isOpen(job)) return invalid(JOB_CLOSED);
  if ((await countCandidateApplications(trx, candidateId, job.id)) >= APPLICATIONS_PER_JOB) {
    return invalid((await hasOpenApplication(trx, candidateId, job.id)) ? ALREADY_APPLIED : REAPPLY_LIMIT_REACHED);
  }
  const cv = await findCandidateCv(trx, candidateId, body.cvId);
  if (!cv) return invalid(CV_NOT_YOURS);
  const answersRefused = answersProblem(questionsOf(job.screening_questions), body.screeningAnswers ?? []);
  if (answersRefused) return invalid(answersRefused);
  const now = new Date();
  const applicationId = await insertApplication(trx, {
    id: randomUUID(),
    candidate_id: candidateId,
    job_id: job.id,
    cv_id: cv.id,
    cv_file_name: cv.file_name,
    application_status: ApplicationStatus.ApplicationPending,
    ready_to_work: body.readyToWork,
    landing_url: body.landingUrl ?? null,
    publisher_id: body.publisherId ?? null,
    boost_id: body.boostId ?? null,
    utm_source: body.utmSource ?? null,
    utm_campaign: body.utmCampaign ?? null,
    source: applicationSource(body, portalUrl),
    applied_at: now,
  });
  if (!applicationId) return invalid(ALREADY_APPLIED);
  await insertStatusChange(trx, {
    id: randomUUID(),
    application_id: applicationId,
    application_status: ApplicationStatus.ApplicationPending,
    changed_at: now,
  });
  if (body.keepForOtherRoles) await keepForOtherRolesAtApply(trx, applicationId, job.business_id, now);
  const answers = body.screeningAnswers ?? [];
  await recordApplication(trx, { applicationId, job, businessName: job.business_name, cv, answers, now });
  await queueApplicationReceipt(trx, {
    candidateId,
    applicationId,
    status: ApplicationStatus.ApplicationPending,
    now,
  });
  await recordEmployerEvent(trx, { kind: 'newApplication', applicationId, now });
  return { result: { applicationId }, isValidResponse: true, errors: [] };
}

export const APPLICATION_NOT_FOUND = 'The application was not found.';
export const WITHDRAWN_BY_CANDIDATE = 'The candidate has withdrawn this application.';

/** Statuses after which there is nothing left to withdraw from (docs/decisions/0140). */
const FINAL_STATUSES: readonly number[] = [ApplicationStatus.Hired, ApplicationStatus.Reject];

/**
 * Withdraws the candidate's own application: it stays (the employer sees it as withdrawn, with the reason)
 * and its timeline gains a withdrawal entry; the candidate may apply to the job again. Run inside a transaction.
 */
export async function withdraw(
  trx: Db,
  candidateId: string,
  applicationId: string,
  reason: string | null | undefined,
): Promise<WithdrawnApplication> {
  const row = await findCandidateApplicationForUpdate(trx, candidateId, applicationId);
  if (!row) throw new HttpProblem(404, APPLICATION_NOT_FOUND);
  if (row.withdrawn_at) throw new HttpProblem(409, ALREADY_WITHDRAWN);
  if (FINAL_STATUSES.includes(row.application_status)) throw new HttpProblem(409, APPLICATION_CLOSED);
  const now = new Date();
  const withdrawalReason = reason?.trim() || null;
  await markWithdrawn(trx, row.id, now, withdrawalReason);
  // Its open interview is cancelled, in both calendars when booked (docs/decisions/0430).
  await cancelInterviewOnWithdrawal(trx, row.id, now);
  await insertStatusChange(trx, {
    id: randomUUID(),
    application_id: row.id,
    application_status: row.application_status,
    changed_at: now,
    withdrawn: true,
  });
  await recordEmployerEvent(trx, { kind: 'withdrawal', applicationId: row.id, now });
  return { id: row.id, withdrawnOn: now.toISOString(), withdrawalReason };
}

/** The caller's applications (only those to `jobId` when given), newest first, each with its status history. */
export async function listOwnApplications(
  db: Db,
  user: AuthUser,
  query: { page: number; pageSize: number; jobId?: string },
): Promise<JobApplicationPage> {
  const candidate = await requireCandidate(db, user);
  const { page, pageSize, jobId } = query;
  const [total, rows] = await Promise.all([
    countCandidateApplications(db, candidate.id, jobId),
    listCandidateApplications(db, candidate.id, { offset: (page - 1) * pageSize, limit: pageSize }, jobId),
  ]);
  const [history, opened] = await Promise.all([
    statusHistory(
      db,
      rows.map((r) => r.application.id),
    ),
    cvOpenings(db, rows),
  ]);
  return {
    page,
    pageSize,
    totalApplications: total,
    applications: await withInterviews(
      db,
      await withRetentionFields(
        db,
        rows.map((r) => toJobApplication(r, history.get(r.application.id) ?? [], opened(r))),
      ),
    ),
  };
}

/** Each application with its interview in short (docs/decisions/0547). */
async function withInterviews(db: Db, applications: JobApplication[]): Promise<JobApplication[]> {
  const interviews = await interviewSummariesOf(
    db,
    applications.map((a) => a.id),
  );
  return applications.map((a) => ({ ...a, interview: interviews.get(a.id) ?? null }));
}

/** When each application's business last opened the CV sent with it (the candidate sees the business, not who). */
async function cvOpenings(db: Db, rows: CandidateApplicationRow[]) {
  const pairs = rows.flatMap((r) =>
    r.application.cv_id ? [{ businessId: r.business.id, cvId: r.application.cv_id }] : [],
  );
  const last = await lastOpenedBy(db, pairs);
  return (row: CandidateApplicationRow) =>
    row.application.cv_id ? (last.get(openingKey(row.business.id, row.application.cv_id)) ?? null) : null;
}

/** These applications of the candidate (a slice of candidateApplicationIds), with their status histories. */
export async function candidateApplicationsSlice(
  db: Db,
  candidateId: string,
  ids: string[],
): Promise<JobApplication[]> {
  const rows = await candidateApplicationsByIds(db, candidateId, ids);
  const [history, opened] = await Promise.all([statusHistory(db, ids), cvOpenings(db, rows)]);
  return withInterviews(
    db,
    await withRetentionFields(
      db,
      rows.map((row) => toJobApplication(row, history.get(row.application.id) ?? [], opened(row))),
    ),
  );
}

/** One of the caller's applications, for its page in the portal; 404 when there is none of theirs with this id. */
export async function getOwnApplication(db: Db, user: AuthUser, applicationId: string): Promise<JobApplicationDetail> {
  const candidate = await requireCandidate(db, user);
  const [application] = await candidateApplicationsSlice(db, candidate.id, [applicationId]);
  if (!application) throw new HttpProblem(404, APPLICATION_NOT_FOUND);
  return application;
}

/** The caller applies (apply, in a transaction of its own); the outcome is counted in the metrics. */
export async function applyAsCandidate(
  db: Db,
  user: AuthUser,
  body: CreateApplication,
  portalUrl = '',
): Promise<CreateApplicationResult> {
  const candidate = await requireCandidate(db, user);
  const result = await db.transaction().execute((trx) => apply(trx, candidate.id, body, portalUrl));
  productMetrics.applications().inc({ outcome: applicationOutcome(result) });
  return result;
}

/** The caller withdraws one of their applications (withdraw, in a transaction of its own). */
export async function withdrawOwnApplication(
  db: Db,
  user: AuthUser,
  applicationId: string,
  reason: string | null | undefined,
): Promise<WithdrawnApplication> {
  const candidate = await requireCandidate(db, user);
  const result = await db.transaction().execute((trx) => withdraw(trx, candidate.id, applicationId, reason));
  productMetrics.applications().inc({ outcome: 'withdrawn' });
  return result;
}

const REFUSALS: Record<string, string> = {
  [JOB_DOES_NOT_EXIST]: 'job-missing',
  [JOB_CLOSED]: 'job-closed',
  [CV_NOT_YOURS]: 'cv-not-found',
  [ALREADY_APPLIED]: 'already-applied',
  [REAPPLY_LIMIT_REACHED]: 'reapply-limit',
};

/** The metrics label of an answer: `created`, or which refusal (a short closed list). */
export function applicationOutcome(result: CreateApplicationResult): string {
  if (result.isValidResponse) return 'created';
  return REFUSALS[result.errors[0] ?? ''] ?? 'refused';
}

export function toJobApplication(
  row: CandidateApplicationRow,
  history: HistoryEntry[],
  cvOpenedAt: Date | null = null,
): JobApplication {
  const { application: a, business: b } = row;
  return {
    id: a.id,
    job: toJobDetail(row.job),
    business: { id: b.id, name: b.name, city: b.city, phone: b.phone, careersDomain: b.careers_domain },
    applicationStatus: a.application_status as Status,
    shortListStatus: a.short_list_status,
    appliedWithCvId: a.cv_id,
    appliedWithCvFileName: a.cv_file_name,
    appliedOn: a.applied_at.toISOString(),
    statusHistory: history.map((h) => ({
      applicationStatus: h.status as Status,
      changedOn: h.at.toISOString(),
      ...(h.withdrawn ? { withdrawn: true } : {}),
      ...(h.reason ? { reason: h.reason } : {}),
    })),
    withdrawnOn: a.withdrawn_at?.toISOString() ?? null,
    withdrawalReason: a.withdrawal_reason,
    cvOpenedOn: cvOpenedAt?.toISOString() ?? null,
    ...replyFactsOf(a, row.job.reply_within_days),
    endingReason: a.ending_reason,
    keepOnFile: keepOnFileOf(a),
    jobClosed:
      !row.job.is_live && row.job.closed_at && row.job.close_outcome
        ? { on: row.job.closed_at.toISOString(), outcome: row.job.close_outcome }
        : null,
  };
}

export function toEmployerApplication(row: EmployerApplicationRow): EmployerApplication {
  return {
    id: row.id,
    jobId: row.job_id,
    candidate: {
      id: row.c_id,
      name: row.c_name,
      email: row.c_email,
      phoneNumber: row.c_phone_number,
      postcode: row.c_postcode,
    },
    emailVerified: row.c_email_verified,
    applicationStatus: row.application_status as Status,
    appliedWithCvId: row.cv_id,
    appliedOn: row.applied_at.toISOString(),
    readyToWork: row.ready_to_work,
    utmSource: row.utm_source,
    utmCampaign: row.utm_campaign,
    source: row.source,
    withdrawnOn: row.withdrawn_at?.toISOString() ?? null,
    withdrawalReason: row.withdrawal_reason,
    ...replyFactsOf(row, row.job_reply_within_days),
    endingReason: row.ending_reason,
    keepOnFile: keepOnFileOf(row),
  };
}

export function toEmployerApplicationDetail(
  row: EmployerApplicationRow & { job_title: string },
  history: HistoryEntry[],
): EmployerApplicationDetail {
  return {
    ...toEmployerApplication(row),
    jobTitle: row.job_title,
    appliedWithCvFileName: row.cv_file_name,
    // The withdrawal entry says so; without the flag it read as a second, unexplained 'New'.
    statusHistory: history.map((h) => ({
      applicationStatus: h.status as Status,
      changedOn: h.at.toISOString(),
      ...(h.withdrawn ? { withdrawn: true } : {}),
      ...(h.reason ? { reason: h.reason } : {}),
      ...(h.by ? { changedBy: h.by } : {}),
    })),
  };
}
