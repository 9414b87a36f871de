import { retryAfterSeconds, toApiError } from './api-error';

/**
 * What really happened, for the failures SPEC's messages do not name (issue 12 item 6): a limit and
 * when to try again, no connection, the service down. SPEC's own words stay for the cases it names.
 */
export const failureMessages = {
  noConnection: 'No connection to the server. Check your internet connection and try again.',
  serviceUnavailable: 'The service is not available right now. Please try again in a moment.',
  tooManyTries: (seconds: number) => `Too many tries. Please try again in ${seconds} seconds.`,
} as const;

/**
 * The plain cause of a failed call when it is not the one SPEC's message describes: a rate limit (with
 * its wait), no answer at all (no connection, timeout), or the service failing. Null otherwise, so the
 * caller shows SPEC's words.
 */
export function failureCause(error: unknown): string | null {
  const wait = retryAfterSeconds(error);
  if (wait) return failureMessages.tooManyTries(wait);
  const apiError = toApiError(error);
  if (apiError.status === undefined && apiError.code !== undefined) return failureMessages.noConnection;
  if (apiError.status !== undefined && apiError.status >= 500) return failureMessages.serviceUnavailable;
  return null;
}
