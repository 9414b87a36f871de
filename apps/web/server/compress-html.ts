import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Smaller than this, a compressed page saves no round trip and costs the compressing. */
const MIN_BYTES = 1024;

/** br before gzip, as the client allows them (a q=0 refuses); null for neither. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const allowed = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, quality]) => !/^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(quality ?? ''))
      .map(([coding]) => coding),
  );
  if (allowed.has('br')) return 'br';
  if (allowed.has('gzip')) return 'gzip';
  return null;
}

/**
 * The portal's HTML pages compressed as they are sent (the built files have .br/.gz copies; a page made per
 * request, index.html with its preloads or a server-rendered apply page, has not): 23 KB of apply page is
 * 6 KB, one round trip instead of two on a phone's first connection. Quality 5 takes well under a
 * millisecond for a page.
 */
export function compressHtml(html: string, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(html, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) },
      })
    : gzipSync(html, { level: 6 });
}

export function worthCompressing(html: string): boolean {
  return html.length >= MIN_BYTES;
}
