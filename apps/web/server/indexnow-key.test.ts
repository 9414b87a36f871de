// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildPortalServer } from './server';
import { parsePortalEnv } from './config';

const KEY = 'portal-indexnow-key-0123';
let dist: string;
let dataDir: string;
const servers: FastifyInstance[] = [];

async function portal(env: Record<string, string>) {
  const parsed = parsePortalEnv({ DATA_DIR: dataDir, ...env });
  if (!parsed.ok) throw new Error(parsed.problems.join());
  const app = await buildPortalServer({ ...parsed.config, distDir: dist });
  servers.push(app);
  return app;
}

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'portal-dist-'));
  dataDir = await mkdtemp(join(tmpdir(), 'portal-data-'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Careers Portal</title><div id="root"></div>');
  await writeFile(join(dist, 'humans.txt'), 'the team\n');
});

afterAll(async () => {
  for (const app of servers) await app.close();
  await rm(dist, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

describe('IndexNow’s key file (docs/decisions/0561)', () => {
  it('answers /{INDEXNOW_KEY}.txt with the key as plain text; another key, or a static .txt, goes on as before', async () => {
    const app = await portal({ INDEXNOW_KEY: KEY });
    const res = await app.inject(`/${KEY}.txt`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(KEY);
    expect((await app.inject({ method: 'HEAD', url: `/${KEY}.txt` })).statusCode).toBe(200);
    expect((await app.inject('/another-key-0123456.txt')).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `/${KEY}.txt` })).statusCode).toBe(404);
    const humans = await app.inject('/humans.txt');
    expect(humans.statusCode).toBe(200);
    expect(humans.body).toBe('the team\n');
  });

  it('serves the key the embedded default generated under DATA_DIR', async () => {
    const app = await portal({});
    expect((await app.inject('/0123456789abcdef0123456789abcdef.txt')).statusCode).toBe(404);
    await mkdir(join(dataDir, 'internal-secrets'), { recursive: true });
    await writeFile(join(dataDir, 'internal-secrets', 'indexnow.secret'), '0123456789abcdef0123456789abcdef\n');
    // A key not there at the first look is looked for again a minute later: a new server reads it at once.
    const later = await portal({});
    const res = await later.inject('/0123456789abcdef0123456789abcdef.txt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('0123456789abcdef0123456789abcdef');
  });
});
