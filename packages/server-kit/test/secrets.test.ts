import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOrCreateSecret } from '../src/secrets';

describe('loadOrCreateSecret', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true }))));

  it('gives every caller starting at once the same whole secret, kept 0600 with no draft left', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'secrets-'));
    dirs.push(dir);
    const secrets = await Promise.all(
      Array.from({ length: 8 }, () => loadOrCreateSecret('internal-api', undefined, dir, false)),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await fs.readdir(dir)).toEqual(['internal-api.secret']);
    expect((await fs.stat(path.join(dir, 'internal-api.secret'))).mode & 0o777).toBe(0o600);
    expect(await loadOrCreateSecret('internal-api', undefined, dir, false)).toBe(secrets[0]);
    expect(await loadOrCreateSecret('internal-api', 'configured-value', dir, false)).toBe('configured-value');
  });
});
