// @vitest-environment node
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const webRoot = fileURLToPath(new URL('..', import.meta.url));

// The server as production (and npm start) runs it: compiled by scripts/build-servers.mjs, under plain node.
// Booting the TypeScript source through tsx transformed the whole import graph first, several seconds of one
// core for a process that only reads its settings.
beforeAll(() => {
  const compiled = spawnSync(process.execPath, ['scripts/build-servers.mjs', 'portal'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (compiled.status !== 0) throw new Error(compiled.stderr);
});

describe('the portal server process', () => {
  it('stops with exit code 2, naming the variable, on a bad setting (npm start then does not restart it)', async () => {
    const child = spawn(process.execPath, ['server-dist/server.js'], {
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
