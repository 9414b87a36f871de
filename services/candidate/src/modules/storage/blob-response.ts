import type { FastifyReply } from 'fastify';
import { HttpProblem } from '@careers/server-kit/problem';
import type { BlobStorage, ByteRange } from './storage';

/**
 * One Range header against an object of `size` bytes (RFC 9110 §14). Null means "send it whole":
 * no header, another unit, a syntax we do not parse, or several ranges (allowed to be ignored).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== '' && Number(to) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

export interface BlobResponseOptions {
  key: string;
  contentType: string;
  headers: Record<string, string>;
  rangeHeader?: string | undefined;
}

/** Streams an object out with 200, or 206 for a satisfiable range, or 416 otherwise. */
export async function sendBlob(
  reply: FastifyReply,
  storage: BlobStorage,
  options: BlobResponseOptions,
): Promise<FastifyReply> {
  const size = await storage.size(options.key);
  if (size === null) throw new HttpProblem(404, 'The file was not found.');
  const range = parseRange(options.rangeHeader, size);
  if (range === 'unsatisfiable') {
    throw new HttpProblem(416, 'The requested range is outside the file.', {
      headers: { 'Content-Range': `bytes */${size}` },
    });
  }
  const object = await storage.get(options.key, range ?? undefined);
  if (!object) throw new HttpProblem(404, 'The file was not found.');
  reply.headers({
    ...options.headers,
    'Content-Type': options.contentType,
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
  });
  if (range) {
    reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('Content-Length', String(range.end - range.start + 1));
  } else {
    reply.code(200).header('Content-Length', String(size));
  }
  return reply.send(object.body);
}
