import pino, { type DestinationStream, type Logger } from 'pino';
import { requestLogSerializer } from './redact';

/** JSON logs, one line an event, secrets redacted (headers, bodies' credentials, tokens in URLs). */
export function createLogger(service: string, level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token'],
      serializers: {
        req: requestLogSerializer(),
      },
    },
    destination,
  );
}
export type { Logger };
