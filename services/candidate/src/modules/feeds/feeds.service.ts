import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { SalaryRateType } from '@careers/contracts/enum-values';
import type { Db } from '../../db';
import { openJob } from './open-jobs';

/*
 * The job feeds (docs/decisions/0381): the Indeed XML feed (all jobs, or one business's), and a JSON Feed 1.1.
 * Each is written a page of rows at a time while the client reads it (keyset paging on the open jobs' index,
 * newest first), so 10,000 jobs take no more memory than one page. The validators (ETag, Last-Modified) come
 * from one cheap query: the number of open jobs, the latest change of any job in scope (a closed job moves it:
 * jobs.updated_at, migration 0014) and the latest expiry already passed. A closed or expired job is out of the
 * next answer, and the answer's validators differ from the last one's.
 */

/** The boards a feed link may be tagged for (utm_source); anything else is refused. */
export const FEED_BOARDS = [
  'indeed',
  'adzuna',
  'jooble',
  'careerjet',
  'talent',
  'ziprecruiter',
  'simplyhired',
  'glassdoor',
  'linkedin',
  'jobrapido',
  'jsonfeed',
] as const;
export type FeedBoard = (typeof FEED_BOARDS)[number];

export type FeedScope = { kind: 'all' } | { kind: 'business'; businessId: string; slug: string; name: string };

/** Rows read from the database at a time. */
export const FEED_PAGE_SIZE = 500;

export interface FeedValidators {
  etag: string;
  lastModified: Date;
}

/** The validators of a feed as it is now (an ETag per format and board: their bytes differ). */
export async function feedValidators(db: Db, scope: FeedScope, variant: string, now: Date): Promise<FeedValidators> {
  const business = scope.kind === 'business' ? sql`and business_id = ${scope.businessId}` : sql``;
  const result = await sql<{ open: string; changed: Date | null; expired: Date | null }>`
    select
      (select count(*) from jobs j where j.is_live and j.valid_through > ${now} ${business}) as open,
      (select max(updated_at) from jobs where true ${business}) as changed,
      (select max(valid_through) from jobs where is_live and valid_through <= ${now} ${business}) as expired`.execute(
    db,
  );
  const row = result.rows[0]!;
  const times = [row.changed, row.expired].filter((d): d is Date => d !== null).map((d) => new Date(d).getTime());
  const last = times.length > 0 ? Math.max(...times) : 0;
  // HTTP dates have whole seconds; the ETag keeps the milliseconds.
  const lastModified = new Date(Math.floor(last / 1000) * 1000);
  const hash = createHash('sha256')
    .update(`${scope.kind === 'business' ? scope.businessId : 'all'}|${variant}|${row.open}|${last}`)
    .digest('base64url')
    .slice(0, 27);
  return { etag: `"${hash}"`, lastModified };
}

/** True when the request's validators match (If-None-Match first, as RFC 9110 says, then If-Modified-Since). */
export function notModified(
  headers: { 'if-none-match'?: string | undefined; 'if-modified-since'?: string | undefined },
  validators: FeedValidators,
): boolean {
  const inm = headers['if-none-match'];
  if (inm !== undefined)
    return inm
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === validators.etag);
  const ims = headers['if-modified-since'];
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  return Number.isFinite(since) && validators.lastModified.getTime() <= since;
}

export interface FeedJob {
  id: string;
  title: string;
  description: string;
  city: string | null;
  state: string | null;
  region: string | null;
  postcode: string | null;
  country: string | null;
  workplace: string;
  full_time: boolean;
  part_time: boolean;
  job_type: number;
  salary_rate_type: number;
  salary_amount: number | null;
  salary_from: number | null;
  salary_to: number | null;
  salary_currency: string | null;
  created_at: Date;
  updated_at: Date | null;
  valid_through: Date;
  business_name: string;
}

/** The open jobs of a scope, newest first, a page at a time (keyset: (created_at, id) below the last row's). */
export async function* openJobPages(db: Db, scope: FeedScope, now: Date, pageSize = FEED_PAGE_SIZE) {
  let after: { created_at: Date; id: string } | undefined;
  for (;;) {
    let query = db
      .selectFrom('jobs as j')
      .innerJoin('businesses as b', 'b.id', 'j.business_id')
      .select([
        'j.id',
        'j.title',
        'j.description',
        'j.city',
        'j.state',
        'j.region',
        'j.postcode',
        sql<string | null>`j.country`.as('country'),
        'j.workplace',
        'j.full_time',
        'j.part_time',
        'j.job_type',
        'j.salary_rate_type',
        'j.salary_amount',
        'j.salary_from',
        'j.salary_to',
        'j.salary_currency',
        'j.created_at',
        'j.updated_at',
        sql<Date>`j.valid_through`.as('valid_through'),
        'b.name as business_name',
      ])
      .where((eb) => openJob(eb, now));
    if (scope.kind === 'business') query = query.where('j.business_id', '=', scope.businessId);
    if (after) query = query.where(sql<boolean>`(j.created_at, j.id) < (${after.created_at}, ${after.id})`);
    const rows = (await query
      .orderBy('j.created_at', 'desc')
      .orderBy('j.id', 'desc')
      .limit(pageSize)
      .execute()) as FeedJob[];
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { created_at: last.created_at, id: last.id };
  }
}

/** Characters XML 1.0 does not allow (control characters but tab, line feed and carriage return). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text inside CDATA: a "]]>" in the text ends one section and starts another, so it cannot close it. */
export function cdata(value: string): string {
  return `<![CDATA[${value.replace(NOT_XML, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** A job's description as HTML: the employer's text escaped, its paragraphs and line breaks kept. */
export function descriptionHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

const RATE: Record<number, string> = {
  [SalaryRateType.Hourly]: 'per hour',
  [SalaryRateType.Daily]: 'per day',
  [SalaryRateType.Annual]: 'per year',
};

/** "GBP 25000-30000 per year", or '' when the job shows no salary. */
export function salaryText(job: FeedJob): string {
  const amount =
    job.salary_from !== null && job.salary_to !== null && job.salary_from !== job.salary_to
      ? `${job.salary_from}-${job.salary_to}`
      : String(job.salary_amount ?? job.salary_from ?? job.salary_to ?? '');
  if (!amount) return '';
  return [job.salary_currency, amount, RATE[job.salary_rate_type]].filter(Boolean).join(' ');
}

/** Indeed's jobtype: fulltime, parttime and contract, comma-separated. */
export function jobTypeText(job: FeedJob): string {
  const kinds = [job.full_time && 'fulltime', job.part_time && 'parttime', job.job_type === 2 && 'contract'];
  return kinds.filter(Boolean).join(', ');
}

const remoteType = (workplace: string) =>
  workplace === 'Remote' ? 'Fully remote' : workplace === 'Hybrid' ? 'Hybrid remote' : '';

export interface FeedLinks {
  portalUrl: string;
  /** The install's country (ISO 3166-1 alpha-2) for a job that names none. */
  defaultCountry: string;
}

/** A job's apply link, tagged for the board that reads the feed. */
export function applyUrl(links: FeedLinks, jobId: string, board: FeedBoard): string {
  return `${links.portalUrl}/apply/${jobId}?utm_source=${board}`;
}

/** The Indeed XML feed, written a page at a time. */
export async function* indeedXml(
  pages: AsyncIterable<FeedJob[]>,
  meta: { title: string; links: FeedLinks; board: FeedBoard; lastBuildDate: Date },
): AsyncGenerator<string> {
  const { links, board } = meta;
  yield `<?xml version="1.0" encoding="utf-8"?>\n<source>\n<publisher>${cdata(meta.title)}</publisher>\n<publisherurl>${cdata(links.portalUrl)}</publisherurl>\n<lastBuildDate>${cdata(meta.lastBuildDate.toUTCString())}</lastBuildDate>\n`;
  for await (const page of pages) {
    yield page
      .map((job) => {
        const fields: [string, string][] = [
          ['title', job.title],
          ['date', new Date(job.created_at).toUTCString()],
          ['referencenumber', job.id],
          ['url', applyUrl(links, job.id, board)],
          ['company', job.business_name],
          ['city', job.city ?? ''],
          ['state', job.state ?? job.region ?? ''],
          ['country', job.country ?? links.defaultCountry],
          ['postalcode', job.postcode ?? ''],
          ['description', descriptionHtml(job.description)],
          ['salary', salaryText(job)],
          ['jobtype', jobTypeText(job)],
          ['expirationdate', new Date(job.valid_through).toUTCString()],
          ['remotetype', remoteType(job.workplace)],
        ];
        return `<job>\n${fields.map(([name, value]) => `<${name}>${cdata(value)}</${name}>`).join('\n')}\n</job>\n`;
      })
      .join('');
  }
  yield '</source>\n';
}

/** The JSON Feed 1.1 (https://jsonfeed.org/version/1.1), each job's facts under the extension key _job. */
export async function* jsonFeed(
  pages: AsyncIterable<FeedJob[]>,
  meta: { title: string; links: FeedLinks; feedUrl: string },
): AsyncGenerator<string> {
  const { links } = meta;
  const head = {
    version: 'https://jsonfeed.org/version/1.1',
    title: meta.title,
    home_page_url: `${links.portalUrl}/jobs`,
    feed_url: meta.feedUrl,
    language: 'en',
  };
  yield `${JSON.stringify(head).slice(0, -1)},"items":[`;
  let first = true;
  for await (const page of pages) {
    const items = page.map((job) =>
      JSON.stringify({
        id: job.id,
        url: applyUrl(links, job.id, 'jsonfeed'),
        title: job.title,
        content_html: descriptionHtml(job.description),
        date_published: new Date(job.created_at).toISOString(),
        date_modified: new Date(job.updated_at ?? job.created_at).toISOString(),
        authors: [{ name: job.business_name }],
        _job: {
          company: job.business_name,
          city: job.city,
          state: job.state ?? job.region,
          country: job.country ?? links.defaultCountry,
          postalcode: job.postcode,
          salary: salaryText(job) || null,
          jobtype: jobTypeText(job),
          workplace: job.workplace,
          expirationdate: new Date(job.valid_through).toISOString(),
        },
      }),
    );
    yield `${first ? '\n' : ',\n'}${items.join(',\n')}`;
    first = false;
  }
  yield '\n]}\n';
}
