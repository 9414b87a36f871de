import type { FastifyServerOptions } from 'fastify';

// Query parameters that carry a credential, should any link ever put one there.
const SECRET_PARAM = /token|code|password|secret|key|signature/i;

/**
 * A portal URL fit for a log line. The password reset link (/account/reset/{email}/{token}) and the
 * confirmation link (/confirm/{userId}/{token}) carry live tokens in the path; whoever reads the logs
 * must not be able to use them, and the reset link's address is personal data besides.
 */
export function redactPortalUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let pathname = queryAt < 0 ? url : url.slice(0, queryAt);
  pathname = pathname
    .replace(/^\/account\/reset\/.*$/i, '/account/reset/[redacted]')
    .replace(/^\/confirm\/([^/]+)\/.*$/i, '/confirm/$1/[redacted]');
  if (queryAt < 0) return pathname;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return pair.includes('=') && SECRET_PARAM.test(name) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${pathname}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** The portal server's JSON logs: Fastify's request line, with the URL redacted. */
export function portalLoggerOptions(stream?: NodeJS.WritableStream): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level: 'info',
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactPortalUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
