import { createHash } from 'node:crypto';
import {
  JOB_SEARCH_COUNT_CAP,
  JOB_SEARCH_PAGE_SIZE,
  RESERVED_SLUGS,
  SITEMAP_MAX_URLS,
  SLUG_MAX,
  SLUG_MIN,
  SLUG_TAKEN,
  slugFromName,
  type CareersPage,
  type CareersPageSettings,
  type JobSearchResult,
  type JobSummary,
  type SitemapEntries,
  type jobSearchQuerySchema,
} from '@careers/contracts/careers';
import { JobType, type SalaryRateType, type Workplace } from '@careers/contracts/enums';
import { HttpProblem } from '@careers/server-kit/problem';
import type { z } from 'zod';
import type { Db } from '../../db';
import type { Member } from '../team/team.service';
import { measuredReplyTime } from '../reply-times/reply-times.service';
import {
  findCareersBusiness,
  findSlugOwner,
  isSlugFree,
  isSlugTakenByOther,
  listOpenJobsOfBusiness,
  saveCareersSettings,
  countMatchingOpenJobs,
  searchOpenJobs,
  searchOpenJobsQuery,
  sitemapRows,
  type JobSearchFilters,
  type JobSummaryRow,
} from './careers.repository';

/** The search's query, for the bench's plans (scripts/bench/job-search.ts through public.ts). */
export { searchOpenJobs, searchOpenJobsQuery, type JobSearchFilters };

export const CAREERS_PAGE_NOT_FOUND = 'There is no careers page at this address.';
/** A careers page lists this many open jobs at most (newest first). */
export const CAREERS_PAGE_MAX_JOBS = 200;

export function toJobSummary(row: JobSummaryRow): JobSummary {
  return {
    id: row.id,
    title: row.title,
    businessName: row.business_name,
    businessSlug: row.business_slug,
    city: row.city,
    region: row.region,
    remote: row.remote,
    workplace: row.workplace as Workplace,
    fullTime: row.full_time,
    partTime: row.part_time,
    jobType: row.job_type as JobType,
    salaryRateType: row.salary_rate_type as SalaryRateType,
    salaryAmount: row.salary_amount,
    salaryFrom: row.salary_from,
    salaryTo: row.salary_to,
    salaryCurrency: row.salary_currency,
    salaryNegotiable: row.salary_negotiable,
    postedOn: row.created_at.toISOString(),
    validThrough: row.valid_through.toISOString(),
    replyWithinDays: row.reply_within_days,
  };
}

/** The careers page of the business a slug names now or named before (then `business.slug` is the current one). */
export async function careersPage(db: Db, slug: string, now = new Date()): Promise<CareersPage | undefined> {
  const owner = await findSlugOwner(db, slug);
  if (!owner) return undefined;
  const business = await findCareersBusiness(db, owner.businessId);
  if (!business) return undefined;
  const jobs = await listOpenJobsOfBusiness(db, business.id, CAREERS_PAGE_MAX_JOBS);
  return {
    business: {
      id: business.id,
      name: business.name,
      slug: business.slug,
      city: business.city,
      about: business.about,
      imageRelativeDirectory: business.image_relative_directory,
    },
    jobs: jobs.map(toJobSummary),
    replyTime: await measuredReplyTime(db, business.id, now),
  };
}

export async function searchJobs(db: Db, query: z.output<typeof jobSearchQuerySchema>): Promise<JobSearchResult> {
  const pageSize = JOB_SEARCH_PAGE_SIZE;
  // One more than a page tells whether another page follows; the count stops at its cap, so neither reads every
  // match of a broad search.
  const filters: JobSearchFilters = {
    q: query.q || undefined,
    location: query.location || undefined,
    remote: query.remote === '1',
    hours: query.hours,
    jobType:
      query.contract === 'contract' ? JobType.Contract : query.contract === 'permanent' ? JobType.Permanent : undefined,
    salaryShown: query.salary === '1',
  };
  const [rows, matches] = await Promise.all([
    searchOpenJobs(db, filters, { offset: (query.page - 1) * pageSize, limit: pageSize + 1 }),
    countMatchingOpenJobs(db, filters, JOB_SEARCH_COUNT_CAP),
  ]);
  return {
    jobs: rows.slice(0, pageSize).map(toJobSummary),
    page: query.page,
    pageSize,
    hasNextPage: rows.length > pageSize,
    total: Math.min(matches, JOB_SEARCH_COUNT_CAP),
    totalIsAtLeast: matches > JOB_SEARCH_COUNT_CAP,
  };
}

/** Every open job's apply page and every careers page, at most SITEMAP_MAX_URLS in all (jobs first). */
export async function sitemapEntries(db: Db): Promise<SitemapEntries> {
  const rows = await sitemapRows(db, SITEMAP_MAX_URLS);
  const jobs = rows.jobs.map((row) => ({ id: row.id, lastmod: new Date(row.lastmod).toISOString() }));
  const careers = rows.careers
    .slice(0, Math.max(0, SITEMAP_MAX_URLS - jobs.length))
    .map((row) => ({ slug: row.slug, lastmod: new Date(row.lastmod).toISOString() }));
  return { jobs, careers };
}

/** A weak-free ETag of a public answer's JSON, as GET /job/{id}'s. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/** A free slug for a new business: its name's, else with -2 … -9, else with the start of its id. */
export async function newBusinessSlug(db: Db, name: string, businessId: string): Promise<string> {
  let base = slugFromName(name);
  if (base.length < SLUG_MIN || (RESERVED_SLUGS as readonly string[]).includes(base)) {
    base = `${base ? `${base}-` : 'business-'}${businessId.replace(/-/g, '').slice(0, 8)}`;
  }
  if (await isSlugFree(db, base)) return base;
  for (let n = 2; n <= 9; n++) {
    const candidate = `${base.slice(0, SLUG_MAX - 2)}-${n}`;
    if (await isSlugFree(db, candidate)) return candidate;
  }
  return `${base.slice(0, SLUG_MAX - 9)}-${businessId.replace(/-/g, '').slice(0, 8)}`;
}

export function careersSettingsOf(member: Member): CareersPageSettings {
  return { slug: member.business.slug, about: member.business.about };
}

/** Changes the slug (the old one then redirects) and the "about us"; 409 when another business has or had the slug. */
export async function changeCareersSettings(
  db: Db,
  member: Member,
  body: CareersPageSettings,
): Promise<CareersPageSettings> {
  try {
    return await db.transaction().execute(async (trx) => {
      if (await isSlugTakenByOther(trx, body.slug, member.business.id)) throw new HttpProblem(409, SLUG_TAKEN);
      return saveCareersSettings(trx, member.business.id, body.slug, body.about);
    });
  } catch (err) {
    // Another business took the slug between the check and the save (the unique index).
    if ((err as { code?: string }).code === '23505') throw new HttpProblem(409, SLUG_TAKEN);
    throw err;
  }
}
