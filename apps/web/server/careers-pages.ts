import { careersPageSchema, jobSearchResultSchema, sitemapEntriesSchema } from '@careers/contracts/careers';
import type { CareersPage, JobSearchResult, SitemapEntries } from '@careers/contracts/careers';
import type { ServerRenderedCareersPage, ServerRenderedJobSearch } from '../src/first-paint/server-rendered-page';
import { summarise } from './apply-page';
import { composePage, escapeHtml } from './page-html';
import { createPublicSource, type Lookup, type PublicSourceOptions, type Schema } from './public-source';

export type { Lookup, PublicSourceOptions };

/*
 * What the careers pages and /jobs say (docs/decisions/0370, 0372), and /sitemap.xml. They are rendered
 * through the same seam as the apply page (page-html.ts, docs/decisions/0311); this file holds only their
 * data, their head and the sitemap.
 */

/** A slug as the service accepts one (anything else is a page that does not exist). */
const SLUG_SHAPE = /^[a-z0-9-]{1,200}$/i;

export function createCareersSources(options: PublicSourceOptions) {
  const careers = createPublicSource<CareersPage>(options, careersPageSchema as Schema<CareersPage>);
  const jobs = createPublicSource<JobSearchResult>(options, jobSearchResultSchema as Schema<JobSearchResult>);
  // The sitemap is read once per 10 s at most: a closed or expired job leaves it within that (and 60 s).
  const sitemap = createPublicSource<SitemapEntries>(
    { ...options, maxEntries: 1 },
    sitemapEntriesSchema as Schema<SitemapEntries>,
  );
  return {
    careersPage: (slug: string): Promise<Lookup<CareersPage>> =>
      SLUG_SHAPE.test(slug)
        ? careers(`/careers/${encodeURIComponent(slug.toLowerCase())}`)
        : Promise.resolve({ kind: 'missing' }),
    /** `query`: the canonical URL query of the search (job-search-query.ts), '' or '?…'. */
    searchJobs: (query: string) => jobs(`/jobs${query}`),
    sitemapEntries: () => sitemap('/sitemap-entries'),
  };
}

export const careersPageUrl = (portalUrl: string, slug: string) => `${portalUrl}/careers/${encodeURIComponent(slug)}`;

/** index.html with a careers page: title, description, canonical, link-preview tags. */
export function composeCareersPage(
  indexHtml: string,
  options: { page: ServerRenderedCareersPage; body: string; portalUrl: string },
): string {
  const { page, body, portalUrl } = options;
  const { business, jobs } = page.page;
  const title = `Careers at ${business.name} · Careers Portal`;
  const description = summarise(
    business.about ||
      `${business.name}${business.city ? `, ${business.city}` : ''}: ${
        jobs.length === 0 ? 'no open jobs right now' : `${jobs.length} open job${jobs.length === 1 ? '' : 's'}`
      }. Send us your CV.`,
  );
  const url = careersPageUrl(portalUrl, business.slug);
  const head = [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="Careers Portal">`,
    `<meta property="og:title" content="${escapeHtml(`Careers at ${business.name}`)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:image" content="${escapeHtml(page.logoUrl)}">`,
  ];
  return composePage(indexHtml, { title, description, head, body, data: page });
}

/** index.html with /jobs: a search's own title; page 2 onwards and searches are not indexed, page 1 of all jobs is. */
export function composeJobSearchPage(
  indexHtml: string,
  options: { page: ServerRenderedJobSearch; body: string; portalUrl: string; keywords: string; filtered: boolean },
): string {
  const { page, body, portalUrl, keywords, filtered } = options;
  // The page's h1 (job-search-page.tsx), as every title follows its heading.
  const title = `${keywords ? `Jobs matching “${keywords}”` : 'Find a job'} · Careers Portal`;
  const description = 'Every open job on the Careers Portal: search by keyword, place, hours, contract and salary.';
  const head = [`<link rel="canonical" href="${escapeHtml(`${portalUrl}/jobs`)}">`];
  if (filtered || page.result.page > 1) head.push('<meta name="robots" content="noindex, follow">');
  return composePage(indexHtml, { title, description, head, body, data: page });
}

/** W3C datetime (the sitemap protocol's lastmod): an ISO date and time in UTC, to the second. */
const w3cDate = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, '+00:00');

const xmlText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** The sitemap (sitemaps.org 0.9): every open job's apply page and every careers page, with lastmod. */
export function sitemapXml(portalUrl: string, entries: SitemapEntries): string {
  const url = (loc: string, lastmod: string) =>
    `<url><loc>${xmlText(loc)}</loc><lastmod>${w3cDate(lastmod)}</lastmod></url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.jobs.map((job) => url(`${portalUrl}/apply/${encodeURIComponent(job.id)}`, job.lastmod)),
    ...entries.careers.map((careers) => url(careersPageUrl(portalUrl, careers.slug), careers.lastmod)),
    '</urlset>',
    '',
  ].join('\n');
}
