import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, JobsTable } from '../../db';

export type JobRow = Selectable<JobsTable>;
export type JobWithBusinessRow = JobRow & {
  business_name: string;
  image_relative_directory: string;
  business_slug: string;
};

export function findJob(db: Db, jobId: string): Promise<JobWithBusinessRow | undefined> {
  return db
    .selectFrom('jobs')
    .innerJoin('businesses', 'businesses.id', 'jobs.business_id')
    .selectAll('jobs')
    .select([
      'businesses.name as business_name',
      'businesses.image_relative_directory',
      'businesses.slug as business_slug',
    ])
    .where('jobs.id', '=', jobId)
    .executeTakeFirst();
}

export function insertJob(db: Db, row: Insertable<JobsTable>): Promise<JobRow> {
  return db.insertInto('jobs').values(row).returningAll().executeTakeFirstOrThrow();
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
  let query = db.selectFrom('jobs').selectAll().where('business_id', '=', businessId);
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
    .selectAll()
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
    .returningAll()
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
