export const DEPENDENCY_UNAVAILABLE_DETAIL = 'The service is briefly unavailable. Please try again in a few seconds.';

/** Seconds a client is told to wait when a dependency is down: long enough for a restart to finish. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

// Network failures on the way to PostgreSQL, Redis or the object store.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEOUT',
]);

// SQLSTATEs that mean "the server cannot serve now", not "the statement is wrong": connection
// exceptions (class 08), shutdown and start-up, too many connections, statement timeout, and a
// transaction cut short by a failover.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25006']);

// What pg and ioredis say when their connection is gone; they set no code for these.
const CONNECTION_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  // pg's own connection attempt running out of time (database.ts gives each new client its timeout).
  /^timeout expired$/i,
  /client has encountered a connection error/i,
  /client was closed and is not queryable/i,
  /cannot use a pool after calling end/i,
  /connection is closed/i,
  /stream isn't writeable/i,
  /reached the max retries per request/i,
  /command timed out/i,
  /socket hang up/i,
];

// The AWS SDK names these, or marks the error as a throttle or a transient 5xx.
const S3_UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'ServiceUnavailable',
  'SlowDown',
  'InternalError',
]);

interface ErrorLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  $metadata?: { httpStatusCode?: number };
  $retryable?: unknown;
}

function isUnavailable(err: ErrorLike): boolean {
  const code = typeof err.code === 'string' ? err.code : '';
  if (NETWORK_CODES.has(code)) return true;
  if (/^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
  const name = typeof err.name === 'string' ? err.name : '';
  if (name === 'MaxRetriesPerRequestError') return true;
  if (err.$metadata && (S3_UNAVAILABLE_NAMES.has(name) || err.$retryable || (err.$metadata.httpStatusCode ?? 0) >= 500))
    return true;
  const message = typeof err.message === 'string' ? err.message : '';
  return CONNECTION_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * True when an error means a dependency (database, Redis, object store) could not be reached or
 * gave up in time, as opposed to a bug: such a failure is answered 503 with Retry-After, not 500.
 * Follows `cause` chains and AggregateError (Node's happy-eyeballs connect wraps each attempt).
 */
export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const err = error as ErrorLike;
  if (isUnavailable(err)) return true;
  if (Array.isArray(err.errors) && err.errors.some((inner) => isDependencyUnavailable(inner, depth + 1))) return true;
  return isDependencyUnavailable(err.cause, depth + 1);
}

/** Rejects after ms with a network-style timeout, so a health check never hangs on a silent peer. */
export async function withTimeout<T>(what: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`${what} did not answer within ${ms} ms`), { code: 'ETIMEDOUT' })),
      ms,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
