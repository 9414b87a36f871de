import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, parseEnv } from '../src/env';
import { sharedConfig, sharedEnvShape } from '../src/service-config';

const schema = z.object(sharedEnvShape);
const parse = (env: Record<string, string | undefined>) => sharedConfig(parseEnv(schema, env, 'test service'));

describe('the settings both services read (sharedEnvShape, sharedConfig)', () => {
  it('defaults every setting, the portal is the CORS origin and there is no Redis', () => {
    const env = parseEnv(schema, {}, 'test service');
    expect(env.BOT_CHECK_MAX_NUMBER).toBe(20_000);
    expect(env.BOT_CHECK_SECRET).toBeUndefined();
    expect(env.MAIL_POLL_INTERVAL_MS).toBe(1000);
    expect(env.IDENTITY_URL).toBe('http://localhost:3001');
    expect(env.CANDIDATE_URL).toBe('http://localhost:3002');
    const config = sharedConfig(env);
    expect(config).toMatchObject({
      host: '127.0.0.1',
      logLevel: 'info',
      logFormat: 'json',
      dataDir: path.resolve('./data'),
      portalUrl: 'http://localhost:3000',
      corsOrigins: ['http://localhost:3000'],
      mailFrom: 'Careers Portal <no-reply@careers.localhost>',
      trustProxy: false,
    });
    expect(config.redisUrl).toBeUndefined();
  });

  it('reads REDIS_URL, BOT_CHECK_SECRET and BOT_CHECK_MAX_NUMBER; a blank one is unset', () => {
    const secret = 'x'.repeat(32);
    const env = parseEnv(
      schema,
      { REDIS_URL: 'rediss://cache:6380', BOT_CHECK_SECRET: secret, BOT_CHECK_MAX_NUMBER: '5000', SMTP_URL: '' },
      'test service',
    );
    expect(env.BOT_CHECK_SECRET).toBe(secret);
    expect(env.BOT_CHECK_MAX_NUMBER).toBe(5000);
    expect(sharedConfig(env).redisUrl).toBe('rediss://cache:6380');
    expect(parse({ REDIS_URL: '' }).redisUrl).toBeUndefined();
  });

  it('refuses a bad value, naming every bad variable', () => {
    let error: unknown;
    try {
      parse({ REDIS_URL: 'http://cache:6379', BOT_CHECK_SECRET: 'short', BOT_CHECK_MAX_NUMBER: '10' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^test service: invalid configuration\n/);
    for (const name of ['REDIS_URL', 'BOT_CHECK_SECRET', 'BOT_CHECK_MAX_NUMBER'])
      expect(message).toContain(`  ${name}: `);
    expect(() => parse({ BOT_CHECK_MAX_NUMBER: '10000001' })).toThrow(/BOT_CHECK_MAX_NUMBER: /);
  });
});
