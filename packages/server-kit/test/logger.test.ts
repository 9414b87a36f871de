import { afterAll, describe, expect, it } from 'vitest';
import { createHttpApp, type App } from '../src/http';
import { z } from 'zod';
import { createLogger, formatLogLine } from '../src/logger';
import { ConfigError, logFormatSchema, parseEnv } from '../src/env';

const apps: App[] = [];
afterAll(async () => Promise.all(apps.map((app) => app.close())));

function collect() {
  const lines: string[] = [];
  return { lines, sink: { write: (chunk: string) => void lines.push(chunk) } };
}

describe('LOG_FORMAT=text (npm start)', () => {
  it('writes one readable line an event, request lines with method, redacted URL and status', async () => {
    const { lines, sink } = collect();
    const app = await createHttpApp({
      name: 'test',
      logger: createLogger('identity', 'info', sink, 'text'),
      corsOrigins: [],
      ready: async () => {},
    });
    apps.push(app);
    app.get('/boom', async () => {
      throw new Error('the disk is full');
    });
    await app.inject({ url: '/healthz?token=s3cr3t-link', headers: { 'x-request-id': 'req-42' } });
    await app.inject({ url: '/boom' });
    const text = lines.join('');
    expect(text).not.toContain('{"level"');
    expect(text).not.toContain('s3cr3t');
    expect(text).toMatch(
      /^\d\d:\d\d:\d\d INFO {2}identity {2}incoming request {2}\(req req-42 GET \/healthz\?token=\[redacted\]\)$/m,
    );
    expect(text).toMatch(/^\d\d:\d\d:\d\d INFO {2}identity {2}request completed {2}\(req req-42 200\)$/m);
    // An error: the level, the message, then the stack indented under it.
    expect(text).toMatch(
      /^\d\d:\d\d:\d\d ERROR identity {2}request failed {2}\(req [\w-]+\)\n {4}Error: the disk is full\n +at /m,
    );
  });

  it('drops what is below the level: at warn, no request lines', async () => {
    const { lines, sink } = collect();
    const logger = createLogger('candidate', 'warn', sink, 'text');
    logger.info('hidden');
    logger.warn({ cvId: 'c1', attempts: 3 }, 'CV parsing never finished; giving up');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d WARN {2}candidate {2}CV parsing never finished; giving up {2}cvId="c1" attempts=3\n$/,
    );
  });

  it('keeps JSON by default, as production ships it', () => {
    const { lines, sink } = collect();
    createLogger('identity', 'info', sink).info({ kind: 'x' }, 'json line');
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, service: 'identity', msg: 'json line', kind: 'x' });
    expect(formatLogLine('not json')).toBe('not json\n');
  });

  it('reads LOG_FORMAT: json by default, text, and refuses anything else naming the variable', () => {
    const schema = z.object({ LOG_FORMAT: logFormatSchema });
    expect(parseEnv(schema, {}, 'identity').LOG_FORMAT).toBe('json');
    expect(parseEnv(schema, { LOG_FORMAT: '' }, 'identity').LOG_FORMAT).toBe('json');
    expect(parseEnv(schema, { LOG_FORMAT: 'text' }, 'identity').LOG_FORMAT).toBe('text');
    expect(() => parseEnv(schema, { LOG_FORMAT: 'pretty' }, 'identity')).toThrow(ConfigError);
    expect(() => parseEnv(schema, { LOG_FORMAT: 'pretty' }, 'identity')).toThrow(/LOG_FORMAT/);
  });
});
