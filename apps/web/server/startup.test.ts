// @vitest-environment node
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const webRoot = fileURLToPath(new URL('..', import.meta.url));

describe('the portal server process', () => {
  it('stops with exit code 2, naming the variable, on a bad setting (npm start then does not restart it)', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      cwd: webRoot,
      // Only the bad setting: nothing else is needed to read and refuse the configuration.
      env: { WEB_PORT: 'not-a-port' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('WEB_PORT');
  }, 30_000);
});
