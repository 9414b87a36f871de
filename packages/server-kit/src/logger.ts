import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogFormat } from './env';
import { requestLogSerializer } from './redact';

/**
 * JSON logs, one line an event, secrets redacted (headers, bodies' credentials, tokens in URLs); with
 * format `text` (LOG_FORMAT, see env.ts) the same events as readable lines.
 */
export function createLogger(
  service: string,
  level: string,
  destination?: DestinationStream,
  format: LogFormat = 'json',
): Logger {
  return pino(
    {
      level,
      base: { service },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token'],
      serializers: {
        req: requestLogSerializer(),
      },
    },
    format === 'text' ? textDestination(destination ?? process.stdout) : destination,
  );
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields that the line's head already says, or that only machines want. */
const HEAD_FIELDS = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'service',
  'msg',
  'err',
  'req',
  'res',
  'reqId',
  'responseTime',
]);

/**
 * One readable line an event, from pino's JSON (after redaction):
 * `12:04:05 WARN  identity  e-mail not sent; will retry  mailId=3 kind="sign-in-code"  (req 5b1f… POST /x)`,
 * an error's stack indented below it.
 */
export function formatLogLine(json: string): string {
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = typeof event.time === 'number' ? new Date(event.time).toISOString().slice(11, 19) : '';
  const level = (LEVELS[Number(event.level)] ?? String(event.level)).padEnd(5);
  const service = typeof event.service === 'string' ? `${event.service}  ` : '';
  const fields = Object.entries(event)
    .filter(([key]) => !HEAD_FIELDS.has(key))
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  const req = event.req as { method?: string; url?: string } | undefined;
  const res = event.res as { statusCode?: number } | undefined;
  const request = [req?.method, req?.url, res?.statusCode].filter((part) => part !== undefined).join(' ');
  const context =
    event.reqId || request
      ? `  (${[event.reqId ? `req ${String(event.reqId)}` : '', request].filter(Boolean).join(' ')})`
      : '';
  const err = event.err as { type?: string; message?: string; stack?: string } | undefined;
  const stack = err
    ? `\n    ${(err.stack ?? `${err.type ?? 'Error'}: ${err.message ?? ''}`).split('\n').join('\n    ')}`
    : '';
  return `${time} ${level} ${service}${String(event.msg ?? '')}${fields.length ? `  ${fields.join(' ')}` : ''}${context}${stack}\n`;
}

/** A pino destination that writes readable lines to `out`. */
export function textDestination(out: { write(chunk: string): unknown }): DestinationStream {
  return { write: (chunk: string) => void out.write(formatLogLine(chunk.trimEnd())) };
}
export type { Logger, LogFormat };
