import { retryAfterSeconds, toApiError } from '../../lib/api-error';
import { plainMessages } from './messages';

/**
 * The plain cause of a failed call when it is not the one SPEC's message describes: a rate limit (with
 * its wait), no answer at all (no connection, timeout), or the service failing. Null otherwise, so the
 * caller shows SPEC's words.
 */
export function failureCause(error: unknown): string | null {
  const wait = retryAfterSeconds(error);
  if (wait) return plainMessages.tooManyTries(wait);
  const apiError = toApiError(error);
  if (apiError.status === undefined && apiError.code !== undefined) return plainMessages.noConnection;
  if (apiError.status !== undefined && apiError.status >= 500) return plainMessages.serviceUnavailable;
  return null;
}
