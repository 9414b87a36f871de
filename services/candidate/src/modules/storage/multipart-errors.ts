import type { FastifyRequest } from 'fastify';
import { HttpProblem } from '@careers/server-kit/problem';

export const MALFORMED_UPLOAD = 'The upload is not a complete multipart/form-data body. Choose the file again.';

/**
 * busboy's refusals of a broken multipart body (no boundary, the body ends inside a part) are plain
 * Errors without a code: the client's fault, a 400, not a 500 (found by the hostile-input tests,
 * docs/decisions/0131). Disk and store errors carry a code and stay what they are.
 */
const MALFORMED = /^(Multipart: Boundary not found|Boundary required)$|unexpected end of multipart data$/i;

export function isMalformedMultipart(err: unknown): boolean {
  return err instanceof Error && !(err as { code?: unknown }).code && MALFORMED.test(err.message);
}

/** Rethrows a broken multipart body as 400 problem details, anything else as it is. */
export function rethrowUploadError(err: unknown): never {
  if (isMalformedMultipart(err)) throw new HttpProblem(400, MALFORMED_UPLOAD);
  throw err;
}

/** request.file(), with a broken multipart body answered 400. */
export function filePart(
  request: FastifyRequest,
  options?: Parameters<FastifyRequest['file']>[0],
): ReturnType<FastifyRequest['file']> {
  return request.file(options).catch(rethrowUploadError);
}
