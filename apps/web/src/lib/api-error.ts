import { isHttpError } from './request';

/** product.md §8 messages of the HTTP client. Network, timeout and abort messages come from ./request. */
export const UNEXPECTED_SERVER_ERROR = 'An unexpected server error occurred.';
export const SERVER_SIDE_ERROR = 'A server side error occurred.';
/** Statuses with a described answer body (product.md §7): the parsed body is carried. */
export const LISTED_ERROR_STATUSES: readonly number[] = [400, 401, 404];

/** Every failed call reaches the UI as an ApiError: message per product.md §8, plus status, body and headers. */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  readonly status: number | undefined;
  readonly body: unknown;
  readonly headers: Record<string, string>;
  /** The client's code (ERR_NETWORK, ECONNABORTED, ...), when the call never got an answer. */
  readonly code: string | undefined;

  constructor(
    message: string,
    details: { status?: number; body?: unknown; headers?: Record<string, string>; code?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.status = details.status;
    this.body = details.body;
    this.headers = details.headers ?? {};
    this.code = details.code;
  }
}

/** The session ended (no token, or the refresh failed): the request is rejected and the user logged out. */
export class SessionEndedError extends ApiError {
  override readonly name = 'SessionEndedError';
}

function plainHeaders(headers: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (headers && typeof headers === 'object') {
    for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
      if (value !== undefined && value !== null) result[key.toLowerCase()] = String(value);
    }
  }
  return result;
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isHttpError(error)) {
    const response = error.response;
    if (response) {
      const message = LISTED_ERROR_STATUSES.includes(response.status) ? SERVER_SIDE_ERROR : UNEXPECTED_SERVER_ERROR;
      return new ApiError(message, {
        status: response.status,
        body: response.data,
        headers: plainHeaders(response.headers),
        code: error.code,
        cause: error,
      });
    }
    return new ApiError(error.message, { code: error.code, cause: error });
  }
  if (error instanceof Error) return new ApiError(error.message, { cause: error });
  return new ApiError(String(error));
}

function stringField(body: unknown, key: string): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Server error messages of an answer body: an errors list, else a feedback message or problem detail. */
export function serverErrors(body: unknown): string[] {
  if (body && typeof body === 'object') {
    const errors = (body as Record<string, unknown>).errors;
    if (Array.isArray(errors)) {
      const messages = errors.filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '');
      if (messages.length > 0) return messages;
    }
  }
  const single = stringField(body, 'feedbackMessage') ?? stringField(body, 'detail');
  return single ? [single] : [];
}

/** product.md §8: "the first server error message, else the error's own message". */
export function firstServerErrorOr(error: unknown): string {
  const apiError = toApiError(error);
  return serverErrors(apiError.body)[0] ?? apiError.message;
}

/** Seconds until a rate-limited call may be made again (Retry-After header), or null when not limited. */
export function retryAfterSeconds(error: unknown, now: number = Date.now()): number | null {
  const apiError = toApiError(error);
  if (apiError.status !== 429) return null;
  const header = apiError.headers['retry-after'];
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(1, Math.ceil((date - now) / 1000));
  }
  return 60;
}
