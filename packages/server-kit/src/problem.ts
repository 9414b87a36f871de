import type { ProblemDetails } from '@careers/contracts/errors';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
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
    readonly extra: { errors?: string[]; headers?: Record<string, string> } = {},
  ) {
    super(detail ?? statusTitle(status));
    this.name = 'HttpProblem';
  }
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
