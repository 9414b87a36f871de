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
