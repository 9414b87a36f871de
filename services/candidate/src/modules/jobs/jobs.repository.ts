import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, JobsTable } from '../../db';

/** A job as its reads see it: every column but the search's vector (0482). */
export type JobRow = Omit<Selectable<JobsTable>, 'search_vector'>;

/** The columns of a JobRow, for every read of a job (`select *` would carry the search vector too). */
export const JOB_COLUMNS = [
  'jobs.id',
  'jobs.business_id',
  'jobs.title',
  'jobs.description',
  'jobs.latitude',
  'jobs.longitude',
  'jobs.address_line1',
  'jobs.address_line2',
  'jobs.city',
  'jobs.state',
  'jobs.region',
  'jobs.postcode',
  'jobs.is_live',
  'jobs.part_time',
  'jobs.full_time',
  'jobs.job_type',
  'jobs.remote',
  'jobs.workplace',
  'jobs.salary_rate_type',
  'jobs.salary_amount',
  'jobs.salary_negotiable',
  'jobs.salary_currency',
  'jobs.salary_from',
  'jobs.salary_to',
  'jobs.created_at',
  'jobs.application_count',
  'jobs.valid_through',
  'jobs.country',
  'jobs.updated_at',
  'jobs.closed_at',
  'jobs.close_outcome',
  'jobs.reply_within_days',
  'jobs.screening_questions',
] as const satisfies readonly `jobs.${keyof JobRow}`[];
// Every column of a JobRow is listed: a new column fails to compile here until it is added above.
const allJobColumns: Exclude<`jobs.${keyof JobRow}`, (typeof JOB_COLUMNS)[number]> extends never ? true : never = true;
void allJobColumns;
export type JobWithBusinessRow = JobRow & {
  business_name: string;
  image_relative_directory: string;
  business_slug: string;
};

export function findJob(db: Db, jobId: string): Promise<JobWithBusinessRow | undefined> {
  return db
    .selectFrom('jobs')
    .innerJoin('businesses', 'businesses.id', 'jobs.business_id')
    .select(JOB_COLUMNS)
    .select([
      'businesses.name as business_name',
      'businesses.image_relative_directory',
      'businesses.slug as business_slug',
    ])
    .where('jobs.id', '=', jobId)
    .executeTakeFirst();
}

export function insertJob(db: Db, row: Insertable<JobsTable>): Promise<JobRow> {
  return db.insertInto('jobs').values(row).returning(JOB_COLUMNS).executeTakeFirstOrThrow();
}

/**
 * One page of a business's jobs, newest first (the order of jobs_business_idx); with `assignedTo`, only
 * the jobs given to that hiring manager (job_assignments, migration 0011).
 */
export function listBusinessJobs(
  db: Db,
  businessId: string,
  page: { offset: number; limit: number },
  assignedTo?: string,
): Promise<JobRow[]> {
  let query = db.selectFrom('jobs').select(JOB_COLUMNS).where('business_id', '=', businessId);
  if (assignedTo !== undefined)
    query = query.where(
      'id',
      'in',
      db.selectFrom('job_assignments').select('job_id').where('user_id', '=', assignedTo),
    );
  return query.orderBy('created_at', 'desc').orderBy('id').offset(page.offset).limit(page.limit).execute();
}

export function findBusinessJob(db: Db, businessId: string, jobId: string): Promise<JobRow | undefined> {
  return db
    .selectFrom('jobs')
    .select(JOB_COLUMNS)
    .where('id', '=', jobId)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
}

/** The changed job, or nothing when this business has no such job. */
export function updateBusinessJob(
  db: Db,
  businessId: string,
  jobId: string,
  changes: Updateable<JobsTable>,
): Promise<JobRow | undefined> {
  return db
    .updateTable('jobs')
    .set(changes)
    .where('id', '=', jobId)
    .where('business_id', '=', businessId)
    .returning(JOB_COLUMNS)
    .executeTakeFirst();
}

/** A deleted employer's jobs stop taking applications; the business and past applications stay (decision 0024). */
export async function closeJobsOfOwner(db: Db, userId: string): Promise<number> {
  const rows = await db
    .updateTable('jobs')
    .set({ is_live: false })
    .where('business_id', 'in', db.selectFrom('businesses').select('id').where('owner_user_id', '=', userId))
    .where('is_live', '=', true)
    .returning('id')
    .execute();
  return rows.length;
}
