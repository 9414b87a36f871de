import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db';

/*
 * Careers pages and the job search (docs/decisions/0370, 0372). An open job is live and not past its expiry
 * (0371). The keyword search reads the job's stored vector (migration 0023, 0482) through the jobs_search index.
 */

const SUMMARY_COLUMNS = [
  'jobs.id',
  'jobs.title',
  'jobs.city',
  'jobs.region',
  'jobs.remote',
  'jobs.workplace',
  'jobs.full_time',
  'jobs.part_time',
  'jobs.job_type',
  'jobs.salary_rate_type',
  'jobs.salary_amount',
  'jobs.salary_from',
  'jobs.salary_to',
  'jobs.salary_currency',
  'jobs.salary_negotiable',
  'jobs.created_at',
  'jobs.valid_through',
  'jobs.reply_within_days',
  'businesses.name as business_name',
  'businesses.slug as business_slug',
] as const;

function openJobs(db: Db) {
  return db
    .selectFrom('jobs')
    .innerJoin('businesses', 'businesses.id', 'jobs.business_id')
    .where('jobs.is_live', '=', true)
    .where('jobs.valid_through', '>', sql<Date>`now()`);
}

export type JobSummaryRow = Awaited<ReturnType<typeof listOpenJobsOfBusiness>>[number];

export type SlugOwner = { kind: 'current' | 'former'; businessId: string };

/** The business a slug names, now or before. */
export async function findSlugOwner(db: Db, slug: string): Promise<SlugOwner | undefined> {
  const current = await db.selectFrom('businesses').select('id').where('slug', '=', slug).executeTakeFirst();
  if (current) return { kind: 'current', businessId: current.id };
  const former = await db
    .selectFrom('business_slug_history')
    .select('business_id')
    .where('slug', '=', slug)
    .executeTakeFirst();
  return former && { kind: 'former', businessId: former.business_id };
}

export function findCareersBusiness(db: Db, businessId: string) {
  return db
    .selectFrom('businesses')
    .select(['id', 'name', 'slug', 'city', 'about', 'image_relative_directory'])
    .where('id', '=', businessId)
    .executeTakeFirst();
}

/** A business's open jobs, newest first (at most `limit`). */
export function listOpenJobsOfBusiness(db: Db, businessId: string, limit: number) {
  return openJobs(db)
    .select(SUMMARY_COLUMNS)
    .where('jobs.business_id', '=', businessId)
    .orderBy('jobs.created_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .limit(limit)
    .execute();
}

export interface JobSearchFilters {
  q?: string | undefined;
  location?: string | undefined;
  remote?: boolean;
  hours?: 'full' | 'part' | undefined;
  jobType?: number | undefined;
  salaryShown?: boolean;
}

/** `%text%` for ILIKE with the text's own % _ and \ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of the install's open jobs that match, newest first (created_at, then id: a stable order). */
export function searchOpenJobs(db: Db, filters: JobSearchFilters, page: { offset: number; limit: number }) {
  return searchOpenJobsQuery(db, filters, page).execute();
}

/** The search's query, unrun (the bench reads its plan: scripts/bench/job-search.ts). */
export function searchOpenJobsQuery(db: Db, filters: JobSearchFilters, page: { offset: number; limit: number }) {
  return matchingOpenJobs(db, filters)
    .select(SUMMARY_COLUMNS)
    .orderBy('jobs.created_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .offset(page.offset)
    .limit(page.limit);
}

/**
 * How many open jobs match, counted up to `cap` + 1 and no further: a search's cost stays one page's worth of
 * index reads however many jobs the install has, and "more than `cap`" is all a reader needs past it.
 */
export async function countMatchingOpenJobs(db: Db, filters: JobSearchFilters, cap: number): Promise<number> {
  const row = await db
    .selectFrom(
      matchingOpenJobs(db, filters)
        .select(sql<number>`1`.as('one'))
        .limit(cap + 1)
        .as('matches'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The install's open jobs that match the filters (no columns chosen, no order). */
function matchingOpenJobs(db: Db, filters: JobSearchFilters) {
  let query = openJobs(db);
  if (filters.q) query = query.where(sql<SqlBool>`jobs.search_vector @@ websearch_to_tsquery('english', ${filters.q})`);
  if (filters.location) {
    const pattern = containing(filters.location);
    query = query.where((eb) =>
      eb.or(
        (['jobs.city', 'jobs.region', 'jobs.state', 'jobs.postcode'] as const).map((column): Expression<SqlBool> =>
          eb(column, 'ilike', pattern),
        ),
      ),
    );
  }
  if (filters.remote) query = query.where('jobs.remote', '=', true);
  if (filters.hours === 'full') query = query.where('jobs.full_time', '=', true);
  if (filters.hours === 'part') query = query.where('jobs.part_time', '=', true);
  if (filters.jobType !== undefined) query = query.where('jobs.job_type', '=', filters.jobType);
  if (filters.salaryShown)
    query = query.where((eb) =>
      eb.or([
        eb('jobs.salary_amount', 'is not', null),
        eb('jobs.salary_from', 'is not', null),
        eb('jobs.salary_to', 'is not', null),
      ]),
    );
  return query;
}

/** The sitemap's open jobs (newest first) and the careers pages of businesses, at most `limit` of each. */
export async function sitemapRows(db: Db, limit: number) {
  const jobs = await openJobs(db)
    .select(['jobs.id', 'jobs.created_at', sql<Date>`coalesce(jobs.updated_at, jobs.created_at)`.as('lastmod')])
    .orderBy('jobs.created_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .limit(limit)
    .execute();
  // A careers page changes when one of its open jobs does: its lastmod is the newest of them, or the business's creation.
  const careers = await db
    .selectFrom('businesses')
    .leftJoin(
      openJobs(db)
        .select(['jobs.business_id', sql<Date>`max(coalesce(jobs.updated_at, jobs.created_at))`.as('newest')])
        .groupBy('jobs.business_id')
        .as('open'),
      'open.business_id',
      'businesses.id',
    )
    .select(['businesses.slug', sql<Date>`coalesce(open.newest, businesses.created_at)`.as('lastmod')])
    .orderBy('businesses.created_at')
    .limit(limit)
    .execute();
  return { jobs, careers };
}

export function isSlugTakenByOther(db: Db, slug: string, businessId: string): Promise<boolean> {
  return db
    .selectFrom('businesses')
    .select('id')
    .where('slug', '=', slug)
    .where('id', '!=', businessId)
    .union(
      db
        .selectFrom('business_slug_history')
        .select('business_id as id')
        .where('slug', '=', slug)
        .where('business_id', '!=', businessId),
    )
    .executeTakeFirst()
    .then(Boolean);
}

/** The business's new slug and "about us"; the old slug is kept for its redirect (and a former one taken back leaves the history). */
export async function saveCareersSettings(db: Db, businessId: string, slug: string, about: string) {
  const current = await db
    .selectFrom('businesses')
    .select('slug')
    .where('id', '=', businessId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (current.slug !== slug) {
    await db
      .deleteFrom('business_slug_history')
      .where('slug', '=', slug)
      .where('business_id', '=', businessId)
      .execute();
    await db
      .insertInto('business_slug_history')
      .values({ slug: current.slug, business_id: businessId })
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
  }
  return db
    .updateTable('businesses')
    .set({ slug, about })
    .where('id', '=', businessId)
    .returning(['slug', 'about'])
    .executeTakeFirstOrThrow();
}

/** Whether a slug is free for a new business (neither a business's nor a former one). */
export async function isSlugFree(db: Db, slug: string): Promise<boolean> {
  return (await findSlugOwner(db, slug)) === undefined;
}
