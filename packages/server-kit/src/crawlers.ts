/*
 * Crawlers recognised by their User-Agent (docs/decisions/0382): the candidate service counts the feeds'
 * fetches with it, and the portal's server the apply pages' (it reports those to the candidate service).
 * A User-Agent is what the client says it is: the counts are what crawlers say they fetched, as any web
 * analytics' are.
 */

const KNOWN: [RegExp, string][] = [
  [/Googlebot|Google-InspectionTool|GoogleOther|Storebot-Google|AdsBot-Google/i, 'Googlebot'],
  [/bingbot|BingPreview|msnbot|adidxbot/i, 'Bingbot'],
  [/indeed/i, 'Indeed'],
  [/adzuna/i, 'Adzuna'],
  [/jooble/i, 'Jooble'],
  [/careerjet/i, 'Careerjet'],
  [/talent\.com|talentbot|neuvoo/i, 'Talent.com'],
  [/ziprecruiter/i, 'ZipRecruiter'],
  [/simplyhired/i, 'SimplyHired'],
  [/glassdoor/i, 'Glassdoor'],
  [/LinkedInBot|linkedin/i, 'LinkedIn'],
  [/jobrapido/i, 'Jobrapido'],
  [/Applebot/i, 'Applebot'],
  [/DuckDuckBot/i, 'DuckDuckBot'],
  [/YandexBot|YandexJobs/i, 'YandexBot'],
  [/Baiduspider/i, 'Baiduspider'],
  [/facebookexternalhit|meta-externalagent/i, 'Facebook'],
  [/Slackbot/i, 'Slackbot'],
  [/Twitterbot/i, 'Twitterbot'],
];
const GENERIC = /bot|crawl|spider|slurp|feed|fetcher|scraper/i;

/** What every crawler not in the list above counts as: a User-Agent names itself, so no name of its own. */
export const OTHER_CRAWLER = 'Other crawler';

/**
 * The crawler a User-Agent names: a known one's name, OTHER_CRAWLER for any other bot, null for a person's
 * browser. Only these names are ever stored, so made-up User-Agents add no rows and no lines to a page.
 */
export function crawlerOf(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  for (const [pattern, name] of KNOWN) if (pattern.test(userAgent)) return name;
  return GENERIC.test(userAgent) ? OTHER_CRAWLER : null;
}
