import pino, { type Logger } from 'pino';

/** JSON logs, one line an event, secrets redacted. */
export function createLogger(service: string, level: string): Logger {
  return pino({
    level,
    base: { service },
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token'],
  });
}
export type { Logger };
