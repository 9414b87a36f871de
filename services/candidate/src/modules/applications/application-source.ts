import { FEED_BOARDS } from '../feeds/feeds.service';

/**
 * Where an application came from (docs/decisions/0383), from a closed set: a job board's feed tag, the
 * careers page, the job search, a job-alert email, the console's QR code, a search engine (by the Referer), another
 * site, or direct.
 */
export const APPLICATION_SOURCES = [
  ...FEED_BOARDS,
  'careers-page',
  'jobs-search',
  'job-alert',
  'qr-code',
  'google',
  'bing',
  'duckduckgo',
  'yahoo',
  'ecosia',
  'other-site',
  'other-tag',
  'direct',
] as const;
export type ApplicationSource = (typeof APPLICATION_SOURCES)[number];

const ENGINES: [RegExp, ApplicationSource][] = [
  [/(^|\.)google\.[a-z.]+$/, 'google'],
  [/(^|\.)bing\.com$/, 'bing'],
  [/(^|\.)duckduckgo\.com$/, 'duckduckgo'],
  [/(^|\.)yahoo\.[a-z.]+$/, 'yahoo'],
  [/(^|\.)ecosia\.org$/, 'ecosia'],
];

function urlOf(value: string | null | undefined): URL | null {
  if (!value) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * The source of a new application from what the portal saw: utm_source first (a feed link's board, an alert
 * email's job-alert, another tag an employer put on a shared link), then the page the candidate came from
 * (this portal's careers page or job search, a search engine, another site), else direct.
 */
export function applicationSource(
  seen: { utmSource?: string | null | undefined; referrer?: string | null | undefined },
  portalUrl: string,
): ApplicationSource {
  const tag = seen.utmSource?.trim().toLowerCase();
  if (tag) {
    const known = (APPLICATION_SOURCES as readonly string[]).includes(tag) && tag !== 'direct';
    return known ? (tag as ApplicationSource) : 'other-tag';
  }
  const from = urlOf(seen.referrer);
  if (!from || !/^https?:$/.test(from.protocol)) return 'direct';
  const portal = urlOf(portalUrl);
  if (portal && from.host === portal.host) {
    if (from.pathname.startsWith('/careers/')) return 'careers-page';
    if (from.pathname === '/jobs' || from.pathname.startsWith('/jobs/')) return 'jobs-search';
    return 'direct';
  }
  const host = from.hostname.toLowerCase();
  for (const [pattern, engine] of ENGINES) if (pattern.test(host)) return engine;
  return 'other-site';
}
