import { sql, type Insertable, type Selectable } from 'kysely';
import { ApplicationStatus } from '@careers/contracts/enums';
import type { Db, JobApplicationsTable } from '../../db';
import { JOB_COLUMNS, type JobRow } from '../jobs/jobs.service';
import { countReached } from './stage-reach';

const REJECTED = ApplicationStatus.Reject;

export type ApplicationRow = Selectable<JobApplicationsTable>;

/**
 * Null when the candidate has an open application to this job (the unique index of open applications
 * decides, even under a race); a withdrawn one does not count.
 */
export async function insertApplication(db: Db, row: Insertable<JobApplicationsTable>): Promise<string | null> {
  const inserted = await db
    .insertInto('job_applications')
    .values(row)
    .onConflict((oc) => oc.columns(['candidate_id', 'job_id']).where('withdrawn_at', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export async function insertStatusChange(
  db: Db,
  row: {
    id: string;
    application_id: string;
    application_status: number;
    changed_at: Date;
    withdrawn?: boolean;
    changed_by_user_id?: string;
    changed_by_name?: string;
    reason?: 'filled' | 'closed';
  },
) {
  await db.insertInto('application_status_history').values(row).execute();
}

/** How many applications the candidate made (to this job only, when jobId is given). */
export async function countCandidateApplications(db: Db, candidateId: string, jobId?: string): Promise<number> {
  let query = db
    .selectFrom('job_applications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('candidate_id', '=', candidateId);
  if (jobId !== undefined) query = query.where('job_id', '=', jobId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the candidate has an application to this job that is not withdrawn. */
export async function hasOpenApplication(db: Db, candidateId: string, jobId: string): Promise<boolean> {
  const row = await db
    .selectFrom('job_applications')
    .select('id')
    .where('candidate_id', '=', candidateId)
    .where('job_id', '=', jobId)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export interface CandidateApplicationRow {
  application: ApplicationRow;
  job: JobRow;
  business: { id: string; name: string; city: string | null; phone: string | null; careers_domain: string | null };
}

const APPLICATION_COLUMNS = [
  'id',
  'candidate_id',
  'job_id',
  'cv_id',
  'cv_file_name',
  'application_status',
  'short_list_status',
  'ready_to_work',
  'landing_url',
  'publisher_id',
  'boost_id',
  'utm_source',
  'utm_campaign',
  'applied_at',
  'withdrawn_at',
  'withdrawal_reason',
  'source',
  'ending_reason',
  'keep_on_file_until',
  'keep_on_file_asked_at',
  'keep_on_file_answer',
  'keep_on_file_answered_at',
  'reply_reminded_at',
] as const satisfies readonly (keyof ApplicationRow)[];
const BUSINESS_COLUMNS = ['id', 'name', 'city', 'phone', 'careers_domain'] as const;
// Every column of the application is read: a new column fails to compile here until it is listed above.
const allApplicationColumns: Exclude<keyof ApplicationRow, (typeof APPLICATION_COLUMNS)[number]> extends never
  ? true
  : never = true;
void allApplicationColumns;

/** `a.id as app__id`, …: the application's and the business's columns share names with the job's. */
function under<T extends 'a' | 'b', P extends string, C extends string>(table: T, prefix: P, columns: readonly C[]) {
  return columns.map((c) => `${table}.${c} as ${prefix}${c}`) as Array<{ [K in C]: `${T}.${K} as ${P}${K}` }[C]>;
}

function candidateApplicationsQuery(db: Db, candidateId: string) {
  return db
    .selectFrom('job_applications as a')
    .innerJoin('jobs', 'jobs.id', 'a.job_id')
    .innerJoin('businesses as b', 'b.id', 'jobs.business_id')
    .select(JOB_COLUMNS)
    .select([...under('a', 'app__', APPLICATION_COLUMNS), ...under('b', 'biz__', BUSINESS_COLUMNS)])
    .where('a.candidate_id', '=', candidateId)
    .orderBy('a.applied_at', 'desc')
    .orderBy('a.id');
}

type CandidateApplicationQueryRow = Awaited<
  ReturnType<ReturnType<typeof candidateApplicationsQuery>['execute']>
>[number];

/** One page of a candidate's applications (to this job only, when jobId is given) with their job and business, newest first. */
export async function listCandidateApplications(
  db: Db,
  candidateId: string,
  page: { offset: number; limit: number },
  jobId?: string,
): Promise<CandidateApplicationRow[]> {
  let query = candidateApplicationsQuery(db, candidateId);
  if (jobId !== undefined) query = query.where('a.job_id', '=', jobId);
  const rows = await query.offset(page.offset).limit(page.limit).execute();
  return rows.map(toCandidateApplicationRow);
}

/** These applications of the candidate (others' ids are ignored), newest first. */
export async function candidateApplicationsByIds(
  db: Db,
  candidateId: string,
  ids: string[],
): Promise<CandidateApplicationRow[]> {
  if (ids.length === 0) return [];
  const rows = await candidateApplicationsQuery(db, candidateId).where('a.id', 'in', ids).execute();
  return rows.map(toCandidateApplicationRow);
}

/** The ids of every application of the candidate, newest first (the export reads the rest a slice at a time). */
export async function candidateApplicationIds(db: Db, candidateId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('job_applications')
    .select('id')
    .where('candidate_id', '=', candidateId)
    .orderBy('applied_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** One pass over the row's columns: the prefixed ones are the application's and the business's, the rest the job's. */
function toCandidateApplicationRow(row: CandidateApplicationQueryRow): CandidateApplicationRow {
  const application: Record<string, unknown> = {};
  const business: Record<string, unknown> = {};
  const job: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (column.startsWith('app__')) application[column.slice('app__'.length)] = value;
    else if (column.startsWith('biz__')) business[column.slice('biz__'.length)] = value;
    else job[column] = value;
  }
  return { application, job, business } as unknown as CandidateApplicationRow;
}

/** The candidate's own application, locked for the withdrawal; else nothing (another's id looks missing). */
export function findCandidateApplicationForUpdate(
  db: Db,
  candidateId: string,
  applicationId: string,
): Promise<ApplicationRow | undefined> {
  return db
    .selectFrom('job_applications')
    .selectAll()
    .where('id', '=', applicationId)
    .where('candidate_id', '=', candidateId)
    .forUpdate()
    .executeTakeFirst();
}

export async function markWithdrawn(db: Db, applicationId: string, at: Date, reason: string | null): Promise<void> {
  await db
    .updateTable('job_applications')
    .set({ withdrawn_at: at, withdrawal_reason: reason })
    .where('id', '=', applicationId)
    .execute();
}

export interface HistoryEntry {
  status: number;
  at: Date;
  /** The candidate's withdrawal rather than a status change. */
  withdrawn: boolean;
  /** The team member who moved it; null for the candidate's own entries. Only the business sees it. */
  by: string | null;
  /** The reason of an ending given when the job closed (docs/decisions/0410). */
  reason?: 'filled' | 'closed' | null;
}

/** Status changes (and withdrawals) of these applications, newest first within each. */
export async function statusHistory(db: Db, applicationIds: string[]): Promise<Map<string, HistoryEntry[]>> {
  const byApplication = new Map<string, HistoryEntry[]>();
  if (applicationIds.length === 0) return byApplication;
  const rows = await db
    .selectFrom('application_status_history')
    .select(['application_id', 'application_status', 'changed_at', 'withdrawn', 'changed_by_name', 'reason'])
    .where('application_id', 'in', applicationIds)
    .orderBy('changed_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) {
    const list = byApplication.get(row.application_id) ?? [];
    list.push({
      status: row.application_status,
      at: row.changed_at,
      withdrawn: row.withdrawn,
      by: row.changed_by_name,
      reason: row.reason,
    });
    byApplication.set(row.application_id, list);
  }
  return byApplication;
}

export interface EmployerApplicationRow extends ApplicationRow {
  c_id: string;
  c_name: string;
  c_email: string;
  c_email_verified: boolean;
  c_phone_number: string;
  c_postcode: string;
  /** The job's "we reply within N days" (docs/decisions/0412). */
  job_reply_within_days: number;
}

const employerColumns = [
  'a.id',
  'a.candidate_id',
  'a.job_id',
  'a.cv_id',
  'a.cv_file_name',
  'a.application_status',
  'a.short_list_status',
  'a.ready_to_work',
  'a.landing_url',
  'a.publisher_id',
  'a.boost_id',
  'a.utm_source',
  'a.utm_campaign',
  'a.applied_at',
  'a.withdrawn_at',
  'a.withdrawal_reason',
  'a.source',
  'a.ending_reason',
  'a.keep_on_file_until',
  'a.keep_on_file_asked_at',
  'a.keep_on_file_answer',
  'a.keep_on_file_answered_at',
  'a.reply_reminded_at',
  'jobs.reply_within_days as job_reply_within_days',
  'c.id as c_id',
  'c.name as c_name',
  'c.email as c_email',
  'c.email_verified as c_email_verified',
  'c.phone_number as c_phone_number',
  'c.postcode as c_postcode',
] as const;

/** Narrows a job's applications: one status, and/or a piece of the candidate's name or e-mail (any case). */
export interface ApplicationFilter {
  status?: number | undefined;
  search?: string | undefined;
  /** true: only withdrawn applications; false: only standing ones; undefined: both. */
  withdrawn?: boolean | undefined;
}

/** The search text as a LIKE pattern that matches it literally anywhere. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filteredJobApplications(db: Db, jobId: string, filter: ApplicationFilter) {
  let query = db
    .selectFrom('job_applications as a')
    .innerJoin('candidates as c', 'c.id', 'a.candidate_id')
    .innerJoin('jobs', 'jobs.id', 'a.job_id')
    .where('a.job_id', '=', jobId);
  if (filter.status !== undefined) query = query.where('a.application_status', '=', filter.status);
  if (filter.withdrawn !== undefined) query = query.where('a.withdrawn_at', filter.withdrawn ? 'is not' : 'is', null);
  if (filter.search) {
    const pattern = containing(filter.search);
    query = query.where((eb) => eb.or([eb('c.name', 'ilike', pattern), eb('c.email', 'ilike', pattern)]));
  }
  return query;
}

/** How many of a job's applications pass the filter (the unfiltered total is jobs.application_count). */
export async function countJobApplications(db: Db, jobId: string, filter: ApplicationFilter): Promise<number> {
  const row = await filteredJobApplications(db, jobId, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of a job's applications, newest first (the order of job_applications_job_idx), optionally filtered. */
export function listJobApplications(
  db: Db,
  jobId: string,
  page: { offset: number; limit: number },
  filter: ApplicationFilter = {},
): Promise<EmployerApplicationRow[]> {
  return filteredJobApplications(db, jobId, filter)
    .select(employerColumns)
    .orderBy('a.applied_at', 'desc')
    .orderBy('a.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** An application to one of this business's jobs, with the job's title; else nothing. */
export function findBusinessApplication(
  db: Db,
  businessId: string,
  applicationId: string,
): Promise<(EmployerApplicationRow & { job_title: string }) | undefined> {
  return db
    .selectFrom('job_applications as a')
    .innerJoin('candidates as c', 'c.id', 'a.candidate_id')
    .innerJoin('jobs', 'jobs.id', 'a.job_id')
    .select(employerColumns)
    .select('jobs.title as job_title')
    .where('a.id', '=', applicationId)
    .where('jobs.business_id', '=', businessId)
    .executeTakeFirst();
}

/** An application to one of this business's jobs, locked for the status change; else nothing. */
export function findBusinessApplicationForUpdate(
  db: Db,
  businessId: string,
  applicationId: string,
): Promise<EmployerApplicationRow | undefined> {
  return db
    .selectFrom('job_applications as a')
    .innerJoin('candidates as c', 'c.id', 'a.candidate_id')
    .innerJoin('jobs', 'jobs.id', 'a.job_id')
    .select(employerColumns)
    .where('a.id', '=', applicationId)
    .where('jobs.business_id', '=', businessId)
    .forUpdate('a')
    .executeTakeFirst();
}

export async function setApplicationStatus(
  db: Db,
  applicationId: string,
  status: number,
  endingReason?: 'filled' | 'closed',
): Promise<void> {
  await db
    .updateTable('job_applications')
    .set({ application_status: status, ...(endingReason ? { ending_reason: endingReason } : {}) })
    .where('id', '=', applicationId)
    .execute();
}

/** How many applications to each of these jobs the candidates withdrew (jobs without any are left out). */
export async function withdrawnCounts(db: Db, jobIds: string[]): Promise<Map<string, number>> {
  if (jobIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('job_applications')
    .select(['job_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('job_id', 'in', jobIds)
    .where('withdrawn_at', 'is not', null)
    .groupBy('job_id')
    .execute();
  return new Map(rows.map((row) => [row.job_id, Number(row.n)]));
}

/** Whether a business may see this CV: it was sent with an application to its job or dropped with it. */
export async function businessMaySeeCv(
  db: Db,
  businessId: string,
  cvId: string,
  onlyJobsAssignedTo?: string,
): Promise<boolean> {
  let viaApplicationQuery = db
    .selectFrom('job_applications as a')
    .innerJoin('jobs', 'jobs.id', 'a.job_id')
    .select('a.id')
    .where('a.cv_id', '=', cvId)
    .where('jobs.business_id', '=', businessId);
  if (onlyJobsAssignedTo !== undefined)
    viaApplicationQuery = viaApplicationQuery.where(
      'a.job_id',
      'in',
      db.selectFrom('job_assignments').select('job_id').where('user_id', '=', onlyJobsAssignedTo),
    );
  const viaApplication = await viaApplicationQuery.executeTakeFirst();
  if (viaApplication) return true;
  // CV drops are for the roles that see every job.
  if (onlyJobsAssignedTo !== undefined) return false;
  const viaDrop = await db
    .selectFrom('cv_drops')
    .select('id')
    .where('cv_id', '=', cvId)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  return Boolean(viaDrop);
}

/** Figures of one job for its employer (docs/decisions/0256): by day since `since`, by source, and statuses ever reached. */
export async function jobApplicationStats(db: Db, jobId: string, since: Date) {
  const [byDay, bySource, reached] = await Promise.all([
    db
      .selectFrom('job_applications')
      .select([
        sql<string>`to_char(applied_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
        (eb) => eb.fn.countAll<string>().as('applications'),
      ])
      .where('job_id', '=', jobId)
      .where('applied_at', '>=', since)
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .execute(),
    db
      .selectFrom('job_applications')
      .select([
        sql<string>`coalesce(source, 'unknown')`.as('source'),
        (eb) => eb.fn.countAll<string>().as('applications'),
      ])
      .where('job_id', '=', jobId)
      .groupBy(sql`1`)
      .orderBy(sql`2`, 'desc')
      .orderBy(sql`1`)
      .limit(10)
      .execute(),
    // Per application: the furthest pipeline stage it has been at (its status now or one in its history;
    // Reject is not a stage of the pipeline) and whether it is or was rejected; then how many of each.
    sql<{ furthest: number; rejected: boolean; applications: string }>`
      select furthest, rejected, count(*) as applications from (
        select application_id,
          coalesce(max(application_status) filter (where application_status <> ${REJECTED}), 0) as furthest,
          bool_or(application_status = ${REJECTED}) as rejected
        from (
          select id as application_id, application_status from job_applications where job_id = ${jobId}
          union all
          select h.application_id, h.application_status from application_status_history h
            join job_applications a on a.id = h.application_id
            where a.job_id = ${jobId} and not h.withdrawn
        ) as statuses group by application_id
      ) as furthest_stages group by furthest, rejected`.execute(db),
  ]);
  return {
    byDay: byDay.map((row) => ({ day: row.day, applications: Number(row.applications) })),
    bySource: bySource.map((row) => ({ source: row.source, applications: Number(row.applications) })),
    reached: countReached(
      reached.rows.map((row) => ({
        furthest: Number(row.furthest),
        rejected: Boolean(row.rejected),
        applications: Number(row.applications),
      })),
    ),
  };
}

/** The business's notes on an application, newest first. */
export function notesOf(db: Db, applicationId: string) {
  return db
    .selectFrom('application_notes')
    .select(['id', 'body', 'author_name', 'created_at'])
    .where('application_id', '=', applicationId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function insertApplicationNote(
  db: Db,
  row: {
    id: string;
    application_id: string;
    author_user_id: string;
    author_name: string;
    body: string;
    created_at: Date;
  },
) {
  await db.insertInto('application_notes').values(row).execute();
}
