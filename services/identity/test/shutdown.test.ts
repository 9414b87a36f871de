import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '@careers/server-kit/testing';

const serviceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the identity server process', () => {
  it('stops cleanly on SIGTERM once it has served, and refuses to start with a bad setting', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'identity-shutdown-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serviceRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        IDENTITY_PORT: String(port),
        LOG_LEVEL: 'info',
        IDENTITY_DATABASE_URL: '',
        SMTP_URL: '',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 30_000;
      let ready = false;
      while (!ready && Date.now() < deadline) {
        ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ready) await new Promise((r) => setTimeout(r, 200));
      }
      expect(ready).toBe(true);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('"signal":"SIGTERM"');

      const bad = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: serviceRoot,
        env: { ...process.env, DATA_DIR: dataDir, IDENTITY_PORT: 'not-a-port', PORTAL_URL: 'nope' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let errors = '';
      bad.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      const badCode = await new Promise<number | null>((resolve) => bad.on('exit', (code) => resolve(code)));
      expect(badCode).not.toBe(0);
      expect(errors).toContain('IDENTITY_PORT');
      expect(errors).toContain('PORTAL_URL');

      // Several instances (REDIS_URL) with a secret made up per instance would not work as one: refused.
      // (A fresh folder: the first start above left a generated signing key in its identity-keys.)
      const freshDir = await fs.mkdtemp(path.join(os.tmpdir(), 'identity-alone-'));
      const alone = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: serviceRoot,
        env: {
          ...process.env,
          DATA_DIR: freshDir,
          IDENTITY_PORT: String(port),
          REDIS_URL: 'redis://127.0.0.1:6379',
          IDENTITY_DATABASE_URL: '',
          SMTP_URL: '',
          JWT_PRIVATE_KEY: '',
          BOT_CHECK_SECRET: '',
          OTP_PEPPER: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let refusal = '';
      alone.stderr.on('data', (chunk: Buffer) => (refusal += chunk.toString()));
      expect(await new Promise<number | null>((resolve) => alone.on('exit', (code) => resolve(code)))).toBe(2);
      for (const name of ['JWT_PRIVATE_KEY', 'BOT_CHECK_SECRET', 'OTP_PEPPER'])
        expect(refusal).toContain(`${name}: must be set, the same on every instance`);
      await fs.rm(freshDir, { recursive: true, force: true });
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
