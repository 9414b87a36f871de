import { z } from 'zod';
import { idSchema, isoDateSchema } from './common';
import { jobTypeSchema, salaryRateTypeSchema, workplaceSchema } from './enums';
import { measuredReplyTimeSchema } from './fair-endings';

/*
 * Careers pages and the job search (issue 27 items 1-3, docs/decisions/0370-0372): the candidate service's
 * public answers behind /careers/{slug}, /jobs and /sitemap.xml, and the employer's careers page settings.
 */

export const SLUG_MIN = 3;
export const SLUG_MAX = 60;
export const ABOUT_MAX = 2000;

/**
 * Words a business cannot take as its slug: /careers/{slug} must not pass for one of the portal's own pages
 * or a sign-in page. Every first path segment of the portal's routes (apps/web/src/lib/paths.ts, tested by
 * apps/web/src/lib/reserved-slugs.test.ts), of the portal server's and of the services' APIs (the candidate
 * service's OpenAPI paths, tested by services/candidate/test/careers-slugs.test.ts), and the words of signing in.
 */
export const RESERVED_SLUGS = [
  'about',
  'account',
  'account-events',
  'admin',
  'api',
  'applications',
  'apply',
  'assets',
  'blobs',
  'business',
  'candidate',
  'careers',
  'config',
  'confirm',
  'contact',
  'contact-us',
  'crawler-fetches',
  'cv-autofill',
  'cv-drops',
  'cvs',
  'dashboard',
  'dev',
  'docs',
  'edit',
  'employer',
  'feeds',
  'healthz',
  'help',
  'home',
  'internal',
  'interview-feeds',
  'job',
  'job-alerts',
  'job-applications',
  'jobs',
  'login',
  'logout',
  'metrics',
  'new',
  'password',
  'privacy',
  'profile',
  'readyz',
  'register',
  'reset',
  'robots',
  'search',
  'security',
  'settings',
  'sign-in',
  'sign-up',
  'signin',
  'signup',
  'sitemap',
  'sitemap-entries',
  'static',
  'status-emails',
  'support',
  'team-invitations',
  'terms',
  'unsubscribe',
  'user-account',
  'verify',
  'www',
] as const;

export const SLUG_FORMAT = `A careers page address is ${SLUG_MIN} to ${SLUG_MAX} lowercase letters, digits and single hyphens, not starting or ending with a hyphen.`;
export const SLUG_RESERVED = 'This address is reserved; choose another.';
export const SLUG_TAKEN = 'Another business has this careers page address; choose another.';

export const slugSchema = z
  .string()
  .trim()
  .min(SLUG_MIN, SLUG_FORMAT)
  .max(SLUG_MAX, SLUG_FORMAT)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, SLUG_FORMAT)
  .refine((slug) => !(RESERVED_SLUGS as readonly string[]).includes(slug), SLUG_RESERVED);

/** A slug made from a business's name: letters without their accents, runs of anything else a hyphen. */
export function slugFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return base;
}

/** GET and PUT /business/careers-page: the employer's settings of the business's careers page. */
export const careersPageSettingsSchema = z.object({
  slug: slugSchema,
  /** Plain text; the page shows it as text, never as HTML. */
  about: z.string().trim().max(ABOUT_MAX, `"About us" is at most ${ABOUT_MAX} characters.`),
});
export type CareersPageSettings = z.infer<typeof careersPageSettingsSchema>;

/** One open job in a list (a careers page, the job search). */
export const jobSummarySchema = z.object({
  id: idSchema,
  title: z.string(),
  businessName: z.string(),
  businessSlug: z.string(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  remote: z.boolean(),
  workplace: workplaceSchema,
  fullTime: z.boolean(),
  partTime: z.boolean(),
  jobType: jobTypeSchema,
  salaryRateType: salaryRateTypeSchema,
  salaryAmount: z.number().nullable(),
  salaryFrom: z.number().nullable(),
  salaryTo: z.number().nullable(),
  salaryCurrency: z.string().nullable(),
  salaryNegotiable: z.boolean(),
  postedOn: isoDateSchema,
  validThrough: isoDateSchema,
  /** "We reply within N days" (docs/decisions/0412). */
  replyWithinDays: z.number().int().optional(),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;

export const careersSlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });

/** GET /careers/{slug}: a business's careers page. Asked by an old slug, `business.slug` is the current one. */
export const careersPageSchema = z.object({
  business: z.object({
    id: idSchema,
    name: z.string(),
    slug: z.string(),
    city: z.string().nullable(),
    about: z.string(),
    imageRelativeDirectory: z.string(),
  }),
  jobs: z.array(jobSummarySchema),
  /** The business's measured median time to a first status change (docs/decisions/0414). */
  replyTime: measuredReplyTimeSchema.optional(),
});
export type CareersPage = z.infer<typeof careersPageSchema>;

export const JOB_SEARCH_PAGE_SIZE = 20;
export const JOB_SEARCH_MAX_PAGE = 500;

const flag = z.enum(['1']).optional();

/** GET /jobs's query: the /jobs page's URL query, word for word, so a search can be shared. */
export const jobSearchQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  location: z.string().trim().max(100).optional(),
  remote: flag,
  hours: z.enum(['full', 'part']).optional(),
  contract: z.enum(['permanent', 'contract']).optional(),
  salary: flag,
  page: z.coerce.number().int().min(1).max(JOB_SEARCH_MAX_PAGE).default(1),
});
export type JobSearchQuery = z.input<typeof jobSearchQuerySchema>;

/** How far a search counts its matches: past it the page says "more than" (one page's worth of index reads). */
export const JOB_SEARCH_COUNT_CAP = 1000;

export const jobSearchResultSchema = z.object({
  jobs: z.array(jobSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasNextPage: z.boolean(),
  /** The jobs that match, counted up to JOB_SEARCH_COUNT_CAP. */
  total: z.number().int(),
  /** True when more than `total` match (the count stopped at the cap). */
  totalIsAtLeast: z.boolean(),
});
export type JobSearchResult = z.infer<typeof jobSearchResultSchema>;

export const SITEMAP_MAX_URLS = 50_000;

/** GET /sitemap-entries: what /sitemap.xml lists, open jobs first (at most SITEMAP_MAX_URLS in all). */
export const sitemapEntriesSchema = z.object({
  jobs: z.array(z.object({ id: idSchema, lastmod: isoDateSchema })),
  careers: z.array(z.object({ slug: z.string(), lastmod: isoDateSchema })),
});
export type SitemapEntries = z.infer<typeof sitemapEntriesSchema>;
