import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '@careers/server-kit/env';
import { createLogger } from '@careers/server-kit/logger';
import { openDependencies } from '../src/dependencies';
import { loadConfig } from '../src/config';

// The settings a start refuses, checked where they are read. That a refusal ends the process with
// exit code 2 and the message on stderr is server-kit's (packages/server-kit/test/lifecycle.test.ts);
// that the real process starts and stops cleanly is shutdown.test.ts.
describe('identity service settings refused at start', () => {
  it('names every bad setting at once', () => {
    const refusal = (() => {
      try {
        loadConfig({ IDENTITY_PORT: 'not-a-port', PORTAL_URL: 'nope' });
      } catch (err) {
        return err;
      }
    })();
    expect(refusal).toBeInstanceOf(ConfigError);
    expect((refusal as Error).message).toContain('IDENTITY_PORT');
    expect((refusal as Error).message).toContain('PORTAL_URL');
  });

  it('keeps scrypt at N=2^15 and refuses a lower PASSWORD_HASH_COST outside the tests (decision 0470)', () => {
    expect(loadConfig({}).passwordHashCost).toBe(15);
    for (const NODE_ENV of [undefined, 'production', 'development']) {
      expect(() => loadConfig({ PASSWORD_HASH_COST: '10', ...(NODE_ENV ? { NODE_ENV } : {}) })).toThrow(
        /PASSWORD_HASH_COST: below 15 only for the tests \(NODE_ENV=test\)/,
      );
    }
    expect(loadConfig({ PASSWORD_HASH_COST: '10', NODE_ENV: 'test' }).passwordHashCost).toBe(10);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '9', NODE_ENV: 'test' })).toThrow(ConfigError);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '16' })).toThrow(ConfigError);
  });

  it('refuses several instances (REDIS_URL) with secrets each would make up for itself', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'identity-alone-'));
    try {
      const config = loadConfig({
        DATA_DIR: dataDir,
        REDIS_URL: 'redis://127.0.0.1:6379',
        LOG_LEVEL: 'silent',
      });
      const refused = openDependencies(config, createLogger('identity', 'silent'));
      await expect(refused).rejects.toBeInstanceOf(ConfigError);
      const message = await refused.catch((err: Error) => err.message);
      for (const name of ['JWT_PRIVATE_KEY', 'BOT_CHECK_SECRET', 'OTP_PEPPER'])
        expect(message).toContain(`${name}: must be set, the same on every instance`);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
