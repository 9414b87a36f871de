/**
 * The names an employer reads for where an application came from (docs/decisions/0562): the stored
 * `source` values of docs/decisions/0383's closed set, the same words on the job's page, the application's
 * page and the report of where hires come from.
 */
const SOURCE_NAMES: Record<string, string> = {
  direct: 'Direct link',
  'careers-page': 'Your careers page',
  'jobs-search': 'Job search on this site',
  'job-alert': 'E-mail alert',
  'qr-code': 'QR code',
  google: 'Google (search or Google for Jobs)',
  bing: 'Bing',
  duckduckgo: 'DuckDuckGo',
  yahoo: 'Yahoo',
  ecosia: 'Ecosia',
  indeed: 'Indeed',
  adzuna: 'Adzuna',
  jooble: 'Jooble',
  careerjet: 'Careerjet',
  talent: 'Talent.com',
  ziprecruiter: 'ZipRecruiter',
  simplyhired: 'SimplyHired',
  glassdoor: 'Glassdoor',
  linkedin: 'LinkedIn',
  jobrapido: 'Jobrapido',
  jsonfeed: 'A JSON Feed reader',
  'other-site': 'Another website',
  'other-tag': 'Other (your own tagged link)',
};

/** Applications made before sources were kept have none (the report calls them 'unknown'). */
const NO_SOURCE = 'Not recorded';
const OTHER = 'Other';

/** The employer's name of a stored source; a value this list does not know reads as "Other". */
export function applicationSourceName(source: string | null | undefined): string {
  if (source === null || source === undefined || source === '' || source === 'unknown') return NO_SOURCE;
  return Object.hasOwn(SOURCE_NAMES, source) ? SOURCE_NAMES[source]! : OTHER;
}

/** Every stored source this module names (the service's closed set must be a part of it). */
export const NAMED_SOURCES: readonly string[] = Object.keys(SOURCE_NAMES);
