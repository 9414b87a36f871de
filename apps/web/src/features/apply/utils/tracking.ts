import type { CreateApplication } from '@careers/contracts/candidate';

export type ApplicationTracking = Pick<
  CreateApplication,
  'landingUrl' | 'publisherId' | 'boostId' | 'utmSource' | 'utmCampaign' | 'referrer'
>;

/** The contract's limit for one tracking value; longer values would fail the whole application. */
const TRACKING_MAX = 2048;

function clean(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, TRACKING_MAX) : undefined;
}

/**
 * The tracking fields of product.md §3's application payload, read from the apply link the candidate landed on.
 * landingUrl: a job board that redirects through its own page may pass that page as ?landingUrl=, and the
 * employer wants to know where the candidate came from, so that value wins; without it the full apply
 * link (query included) is the landing URL. Read once, on arrival, so later in-page navigation cannot
 * change it.
 */
export function readApplicationTracking(landingHref: string, referrer?: string): ApplicationTracking {
  let url: URL;
  try {
    url = new URL(landingHref);
  } catch {
    return {};
  }
  const query = url.searchParams;
  const tracking: ApplicationTracking = {
    landingUrl: clean(query.get('landingUrl')) ?? clean(url.href),
    publisherId: clean(query.get('publisherId')),
    boostId: clean(query.get('boostId')),
    utmSource: clean(query.get('utm_source')),
    utmCampaign: clean(query.get('utm_campaign')),
    // Where the candidate came from (the careers page, the job search, a search engine): the source (0383).
    referrer: clean(referrer),
  };
  return Object.fromEntries(Object.entries(tracking).filter(([, value]) => value !== undefined)) as ApplicationTracking;
}

/** product.md §3: an application from the portal is always ready to work. */
export function applicationPayload(
  jobId: string,
  cvId: string,
  tracking: ApplicationTracking,
  screeningAnswers?: CreateApplication['screeningAnswers'],
  keepForOtherRoles?: boolean,
): CreateApplication {
  // The answers to the job's screening questions (docs/decisions/0400) and the consent (0442) travel with it.
  return {
    jobId,
    cvId,
    readyToWork: true,
    ...tracking,
    ...(screeningAnswers?.length ? { screeningAnswers } : {}),
    ...(keepForOtherRoles ? { keepForOtherRoles } : {}),
  };
}
