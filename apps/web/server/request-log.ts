import type { FastifyServerOptions } from 'fastify';
import { redactUrl, requestLogSerializer } from '@careers/server-kit/redact';
import { textDestination } from '@careers/server-kit/logger';
import type { LogFormat } from '@careers/server-kit/env';

/**
 * A portal URL fit for a log line. The password reset link (/account/reset/{email}/{token}), the
 * confirmation link (/confirm/{userId}/{token}) and the e-mail change's undo link
 * (/account/undo-email-change/{token}) carry live tokens in the path; whoever reads the logs
 * must not be able to use them, and the reset link's address is personal data besides. Query
 * credentials are redacted as in the services' logs.
 */
export function redactPortalUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathname = (queryAt < 0 ? url : url.slice(0, queryAt))
    .replace(/^\/account\/reset\/.*$/i, '/account/reset/[redacted]')
    .replace(/^\/account\/undo-email-change\/.*$/i, '/account/undo-email-change/[redacted]')
    .replace(/^\/confirm\/([^/]+)\/.*$/i, '/confirm/$1/[redacted]');
  return redactUrl(queryAt < 0 ? pathname : `${pathname}${url.slice(queryAt)}`);
}

/**
 * The portal server's logs: Fastify's request line, with the URL redacted; JSON, or readable lines
 * with LOG_FORMAT=text (`npm start`).
 */
export function portalLoggerOptions(
  stream?: NodeJS.WritableStream,
  log: { level: string; format: LogFormat } = { level: 'info', format: 'json' },
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  const out = log.format === 'text' ? textDestination(stream ?? process.stdout) : stream;
  return {
    level: log.level,
    base: { service: 'portal' },
    serializers: { req: requestLogSerializer(redactPortalUrl) },
    ...(out ? { stream: out } : {}),
  };
}
