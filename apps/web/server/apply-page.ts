import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { idSchema } from '@careers/contracts/common';
import { jobSchema, type Job } from '@careers/contracts/candidate';
import { JobType, SalaryRateType } from '@careers/contracts/enums';
import {
  jsonForScript,
  type ServerRenderedApplyPage,
  type ServerRenderedPage,
} from '../src/first-paint/server-rendered-page';
import { composePage, escapeHtml } from './page-html';
import { createPublicSource, type PublicSourceOptions } from './public-source';

/** What the candidate service said about a job id: the job, no such job, or no usable answer. */
export type JobLookup = { kind: 'found'; job: Job } | { kind: 'missing' } | { kind: 'unavailable' };

export type JobSourceOptions = PublicSourceOptions;

/** Reads public jobs from the candidate service for server rendering (public-source.ts: cached, timed out at 1.5 s). */
export function createJobSource(options: JobSourceOptions): (jobId: string) => Promise<JobLookup> {
  const source = createPublicSource<Job>({ timeoutMs: 1_500, ...options }, jobSchema);
  return async (jobId) => {
    // The service answers 400 for ids that are no UUID; for the page that is a job that does not exist.
    if (!idSchema.safeParse(jobId).success) return { kind: 'missing' };
    const lookup = await source(`/job/${encodeURIComponent(jobId)}`);
    return lookup.kind === 'found' ? { kind: 'found', job: lookup.value } : lookup;
  };
}

/** src/entry-server.tsx, built by `vite build --ssr` into dist/.ssr (a dot folder the server never serves). */
export type ApplyPageRenderer = (url: string, page: ServerRenderedPage) => Promise<string>;

export const SSR_ENTRY = join('.ssr', 'entry-server.js');

/** The build's server renderer, or null when the build has none (then every page renders in the browser). */
export async function loadBuiltRenderer(distDir: string, version: string): Promise<ApplyPageRenderer | null> {
  const file = join(distDir, SSR_ENTRY);
  try {
    await access(file);
  } catch {
    return null;
  }
  // A rebuild writes a new module at the same path; the query makes Node load it instead of its cached copy.
  const module = (await import(`${pathToFileURL(file).href}?v=${encodeURIComponent(version)}`)) as {
    renderApplyPage?: ApplyPageRenderer;
  };
  return module.renderApplyPage ?? null;
}

const DESCRIPTION_LENGTH = 160;

/** A one-paragraph summary for meta description and link previews. */
export function summarise(text: string): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= DESCRIPTION_LENGTH) return plain;
  const cut = plain.slice(0, DESCRIPTION_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > DESCRIPTION_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** The job's plain-text description as the HTML Google asks for: a paragraph per blank line, a <br> per line break. */
export function descriptionHtml(text: string): string {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`);
  return paragraphs.join('') || '<p></p>';
}

export interface JobPostingOptions {
  /** The country of jobs that name none (JOB_COUNTRY). */
  jobCountry?: string;
  /** The business's careers page: the hiring organization's sameAs. */
  careersUrl?: string | undefined;
}

/**
 * schema.org JobPosting for search engines and job boards, with every field of Google's required and
 * recommended ones the job has (docs/decisions/0371). A closed or expired job gets none: it no longer takes
 * applications. A salary is never guessed: baseSalary only when the job states an amount, currency and period.
 */
export function jobPostingJsonLd(
  job: Job,
  logoUrl: string,
  pageUrl: string,
  options: JobPostingOptions = {},
): Record<string, unknown> | null {
  if (!job.isLive) return null;
  const country = job.country ?? options.jobCountry ?? 'GB';
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: descriptionHtml(job.description),
    identifier: { '@type': 'PropertyValue', name: job.businessName, value: job.id },
    ...(job.postedOn ? { datePosted: job.postedOn } : {}),
    ...(job.validThrough ? { validThrough: job.validThrough } : {}),
    ...employmentType(job),
    hiringOrganization: {
      '@type': 'Organization',
      name: job.businessName,
      ...(options.careersUrl ? { sameAs: options.careersUrl } : {}),
      logo: logoUrl,
    },
    ...jobLocation(job, country),
    ...baseSalary(job),
    directApply: true,
    url: pageUrl,
  };
}

function employmentType(job: Job): Record<string, unknown> {
  const types = [
    ...(job.fullTime ? ['FULL_TIME'] : []),
    ...(job.partTime ? ['PART_TIME'] : []),
    ...(job.jobType === JobType.Contract ? ['CONTRACTOR'] : []),
  ];
  if (types.length === 0) return {};
  return { employmentType: types.length === 1 ? types[0] : types };
}

function jobLocation(job: Job, country: string): Record<string, unknown> {
  const address = Object.fromEntries(
    Object.entries({
      streetAddress: job.addressLine1,
      addressLocality: job.city,
      addressRegion: job.region ?? job.state,
      postalCode: job.postcode,
    }).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  );
  const place =
    Object.keys(address).length > 0
      ? {
          jobLocation: {
            '@type': 'Place',
            address: { '@type': 'PostalAddress', ...address, addressCountry: country },
          },
        }
      : {};
  // Google reads a remote job from jobLocationType, and where its applicants may live from
  // applicantLocationRequirements; a job that names no place is listed as remote only.
  return job.remote
    ? {
        ...place,
        jobLocationType: 'TELECOMMUTE',
        applicantLocationRequirements: { '@type': 'Country', name: country },
      }
    : Object.keys(place).length > 0
      ? place
      : { jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressCountry: country } } };
}

const SALARY_UNIT: Partial<Record<number, string>> = {
  [SalaryRateType.Hourly]: 'HOUR',
  [SalaryRateType.Daily]: 'DAY',
  [SalaryRateType.Annual]: 'YEAR',
};

/** A salary only where the job states an amount or a range, its currency and its period. */
function baseSalary(job: Job): Record<string, unknown> {
  const unitText = job.salaryRateType === undefined ? undefined : SALARY_UNIT[job.salaryRateType];
  if (!job.salaryCurrency || !unitText) return {};
  const amount =
    typeof job.salaryAmount === 'number'
      ? { value: job.salaryAmount }
      : typeof job.salaryFrom === 'number' && typeof job.salaryTo === 'number'
        ? { minValue: job.salaryFrom, maxValue: job.salaryTo }
        : typeof job.salaryFrom === 'number'
          ? { value: job.salaryFrom }
          : null;
  if (!amount) return {};
  return {
    baseSalary: {
      '@type': 'MonetaryAmount',
      currency: job.salaryCurrency,
      value: { '@type': 'QuantitativeValue', ...amount, unitText },
    },
  };
}

export interface ApplyPageHtml {
  status: number;
  html: string;
}

/** index.html with the rendered page in #root and the job's title, description, link-preview tags and JSON-LD. */
export function composeApplyPage(
  indexHtml: string,
  options: {
    page: ServerRenderedApplyPage;
    body: string;
    pageUrl: string;
    logoUrl: string | null;
  } & JobPostingOptions,
): string {
  const { page, body, pageUrl, logoUrl } = options;
  const job = page.job;
  const title = job ? `Apply now to ${job.title} · Careers Portal` : 'Apply now · Careers Portal';
  const description = job
    ? summarise(`${job.businessName}${job.city ? `, ${job.city}` : ''}: ${job.description}`)
    : 'Error in fetching the job.';
  const head: string[] = [];
  if (job) {
    head.push(
      `<link rel="canonical" href="${escapeHtml(pageUrl)}">`,
      `<meta property="og:type" content="website">`,
      `<meta property="og:site_name" content="Careers Portal">`,
      `<meta property="og:title" content="${escapeHtml(`${job.title} at ${job.businessName}`)}">`,
      `<meta property="og:description" content="${escapeHtml(description)}">`,
      `<meta property="og:url" content="${escapeHtml(pageUrl)}">`,
      `<meta name="twitter:card" content="summary">`,
      `<meta name="twitter:title" content="${escapeHtml(`${job.title} at ${job.businessName}`)}">`,
      `<meta name="twitter:description" content="${escapeHtml(description)}">`,
    );
    if (logoUrl)
      head.push(
        `<meta property="og:image" content="${escapeHtml(logoUrl)}">`,
        `<meta name="twitter:image" content="${escapeHtml(logoUrl)}">`,
      );
    const jsonLd = logoUrl ? jobPostingJsonLd(job, logoUrl, pageUrl, options) : null;
    if (jsonLd) head.push(`<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`);
  } else {
    head.push('<meta name="robots" content="noindex">');
  }
  return composePage(indexHtml, { title, description, head, body, data: page });
}

/** The job page's address without the tracking query, as search engines should list it. */
export function canonicalApplyUrl(portalUrl: string, jobId: string): string {
  return `${portalUrl}/apply/${encodeURIComponent(jobId)}`;
}
