import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '@careers/server-kit/testing';

const serviceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the identity server process', () => {
  // The settings it refuses at start are checked without a process each: startup-settings.test.ts.
  it('stops cleanly on SIGTERM once it has served', async () => {
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
      const deadline = Date.now() + 60_000;
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
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
