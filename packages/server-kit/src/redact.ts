// Secrets out of log lines: no pino or Fastify here, so the portal's server can use it too.

// Query parameters that carry a credential: reset and confirmation tokens, CV preview tokens, codes.
const SECRET_PARAM = /token|code|password|secret|key|signature/i;
// Paths whose last segment is the credential: an interviewer's calendar feed (/interview-feeds/{token}.ics)
// is subscribed to by calendars that cannot send a header, so its token sits in the path.
const SECRET_PATH = /^\/interview-feeds\/[^?]*/i;

/**
 * A request URL fit for a log line: the value of every query parameter that carries a credential is
 * replaced, and so is a path that is itself a credential, so that whoever reads the logs cannot use a
 * link that was still valid.
 */
export function redactUrl(requestUrl: string): string {
  const url = requestUrl.replace(SECRET_PATH, '/interview-feeds/[redacted]');
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is logged as sent; the value is what matters.
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryAt)}?${query}`;
}

export interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request line for a log, with the URL passed through `redact` (query credentials by default). */
export function requestLogSerializer(redact: (url: string) => string = redactUrl) {
  return (req: LoggedRequest) => ({
    method: req.method,
    url: redact(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  });
}
