import { z } from 'zod';
import { emailSchema, idSchema, isoDateSchema } from './common';

/**
 * Job alerts (issue 27 item 5, docs/decisions/0380): a business's new jobs (from its careers page) or a saved
 * /jobs search (its query string), for any address, confirmed by the first e-mail's link.
 */

/** The /jobs search's own keys; anything else in a query string is not part of a saved search. */
export const JOB_SEARCH_KEYS = ['q', 'location', 'remote', 'hours', 'contract', 'salary'] as const;
export type JobSearchKey = (typeof JOB_SEARCH_KEYS)[number];
const SEARCH_VALUE_MAX = 100;

/**
 * A search's canonical query string: only the search's keys, each once, values trimmed and bounded, keys
 * sorted; '' when nothing is left (that is "every job").
 */
export function canonicalJobSearch(query: string): string {
  const given = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const kept = new URLSearchParams();
  for (const key of [...JOB_SEARCH_KEYS].sort()) {
    const value = given.get(key)?.trim().slice(0, SEARCH_VALUE_MAX);
    if (value) kept.set(key, value);
  }
  return kept.toString();
}

/** POST /job-alerts: exactly one of businessId (a careers page) or search (a /jobs query string). */
export const jobAlertSignupSchema = z
  .object({
    email: emailSchema,
    businessId: idSchema.optional(),
    search: z.string().max(1000).optional(),
    /** The solved bot check of GET /job-alerts/challenge (base64). */
    token: z.string().min(1).max(8192),
  })
  .refine((body) => (body.businessId === undefined) !== (body.search === undefined), {
    message: 'Give either businessId or search.',
  });
export type JobAlertSignup = z.infer<typeof jobAlertSignupSchema>;

/** The answer to a sign-up, the same whether or not the address already had the alert (it reveals nothing). */
export const jobAlertSignupResultSchema = z.object({ status: z.literal('confirmation-sent') });

/** The signed token of an alert e-mail's confirm or unsubscribe link (query string). */
export const jobAlertTokenQuerySchema = z.object({ token: z.string().min(10).max(200) });

/** One alert as its subscriber sees it (the confirm page, the account page). */
export const jobAlertSchema = z.object({
  id: idSchema,
  kind: z.enum(['business', 'search']),
  /** "New jobs at Acme" or "Jobs matching: nurse, Leeds, full time", the employer's words unchanged. */
  label: z.string(),
  businessName: z.string().nullable(),
  search: z.string().nullable(),
  confirmed: z.boolean(),
  createdOn: isoDateSchema,
});
export type JobAlert = z.infer<typeof jobAlertSchema>;
export const jobAlertListSchema = z.array(jobAlertSchema);

/** What the confirm and unsubscribe links answer. */
export const jobAlertLinkResultSchema = z.object({
  status: z.enum(['confirmed', 'unsubscribed']),
  label: z.string().nullable(),
});
export type JobAlertLinkResult = z.infer<typeof jobAlertLinkResultSchema>;

export const JOB_ALERT_TEXTS = {
  signupDone: 'Check your e-mail: open the link we sent you to start the job alert.',
  tooManyForAddress: 'Too many job alert requests for this address. Try again later.',
  tooManyForClient: 'Too many job alert requests from this address. Try again later.',
  tooManyOverall: 'Too many job alert requests just now. Try again later.',
  invalidLink: 'This link is not valid or has expired. Ask for the job alert again.',
  noBusiness: 'This business was not found.',
} as const;
