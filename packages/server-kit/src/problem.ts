import type { ProblemDetails } from '@careers/contracts/errors';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  422: 'Unprocessable Content',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function statusTitle(status: number): string {
  return titles[status] ?? (status >= 500 ? 'Internal Server Error' : 'Error');
}

/** Throw from a handler to answer an RFC 9457 problem; the error handler renders it. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail?: string,
    /** type: a URI naming the problem where the status alone does not (RFC 9457 §3.1.1); about:blank otherwise. */
    readonly extra: { errors?: string[]; headers?: Record<string, string>; type?: string } = {},
  ) {
    super(detail ?? statusTitle(status));
    this.name = 'HttpProblem';
  }
}

/** RFC 9457 §3: the media type problem details travel under. */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** An object in the problem-details shape (type, title, numeric status). */
export function isProblemDetails(value: unknown): value is ProblemDetails {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.type === 'string' && typeof v.title === 'string' && typeof v.status === 'number';
}

export function problem(status: number, detail?: string, instance?: string, errors?: string[]): ProblemDetails {
  return {
    type: 'about:blank',
    title: statusTitle(status),
    status,
    ...(detail ? { detail } : {}),
    ...(instance ? { instance } : {}),
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
}
