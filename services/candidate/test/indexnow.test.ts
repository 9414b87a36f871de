import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { isPublicHttpsUrl } from '../src/modules/indexnow/indexnow';
import { createIndexNowWorker } from '../src/modules/indexnow/indexnow.worker';
import { startTestApp, type TestApp } from './helpers';

/** A public https name for the portal: never fetched, only named in the posts to the local endpoint. */
const PORTAL = 'https://careers.acme-hiring.com';
const KEY = 'indexnow-test-key-0123456789';

interface Post {
  host: string;
  key: string;
  keyLocation: string;
  urlList: string[];
}

/** A stand-in IndexNow endpoint on a local port: records each post, answers the next queued status (200 once empty). */
async function startEndpoint() {
  const posts: Post[] = [];
  const answers: number[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/indexnow') posts.push(JSON.parse(body) as Post);
      response.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/indexnow`,
    posts,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Endpoint = Awaited<ReturnType<typeof startEndpoint>>;

async function newBusiness(t: TestApp) {
  const employer = await t.auth(randomUUID(), ['BusinessUser']);
  const res = await t.app.inject({ method: 'POST', url: '/business', headers: employer, payload: { name: 'Acme' } });
  expect(res.statusCode).toBe(200);
  return employer;
}

const jobBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Welder',
  description: 'MIG and TIG',
  city: 'Leeds',
  ...overrides,
});

async function newJob(t: TestApp, employer: Record<string, string>, overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/business/jobs',
    headers: employer,
    payload: jobBody(overrides),
  });
  expect(res.statusCode).toBe(200);
  return res.json().id as string;
}

describe('which portal addresses search engines can be told of', () => {
  it.each([
    ['https://careers.acme-hiring.com', true],
    ['https://jobs.example.org/', true],
    ['http://careers.acme-hiring.com', false],
    ['https://careers.example.test', false],
    ['https://localhost:3000', false],
    ['https://portal.localhost', false],
    ['https://127.0.0.1', false],
    ['https://[::1]', false],
    ['https://intranet', false],
    ['https://jobs.corp.internal', false],
    ['not a url', false],
  ])('%s → %s', (url, expected) => {
    expect(isPublicHttpsUrl(url)).toBe(expected);
  });
});

describe.each(databaseKinds())('IndexNow on %s (docs/decisions/0561)', (kind) => {
  let t: TestApp;
  let endpoint: Endpoint;
  let employer: Record<string, string>;

  beforeAll(async () => {
    endpoint = await startEndpoint();
    t = await startTestApp(kind, {
      PORTAL_URL: PORTAL,
      INDEXNOW_ENDPOINT: endpoint.url,
      INDEXNOW_KEY: KEY,
      CANDIDATE_WORKERS: 'false',
    });
    employer = await newBusiness(t);
  });
  afterAll(async () => {
    await t?.close();
    await endpoint?.close();
  });
  beforeEach(async () => {
    // Each test starts from a drained outbox and its own clock.
    t.deps.indexNow.now = Date.now;
    await t.deps.indexNow.worker.flush();
    endpoint.posts.length = 0;
    endpoint.answers.length = 0;
  });

  const pageOf = (jobId: string) => `${PORTAL}/apply/${jobId}`;
  const postedUrls = () => endpoint.posts.flatMap((post) => post.urlList);

  it('posts a new job’s page once, with the key and where the key is served', async () => {
    const jobId = await newJob(t, employer);
    expect(endpoint.posts).toEqual([]);
    expect(await t.deps.indexNow.worker.flush()).toBe(1);
    expect(endpoint.posts).toEqual([
      { host: 'careers.acme-hiring.com', key: KEY, keyLocation: `${PORTAL}/${KEY}.txt`, urlList: [pageOf(jobId)] },
    ]);
    expect(await t.deps.indexNow.worker.flush()).toBe(0);
    expect(endpoint.posts).toHaveLength(1);
  });

  it('posts a change and a close; a job saved as a draft, an application, and a change of a closed job post nothing', async () => {
    const jobId = await newJob(t, employer);
    const draftId = await newJob(t, employer, { title: 'Draft', isLive: false });
    await t.deps.indexNow.worker.flush();
    expect(postedUrls()).toEqual([pageOf(jobId)]);
    endpoint.posts.length = 0;

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/business/jobs/${jobId}`,
      headers: employer,
      payload: jobBody({ title: 'Senior Welder' }),
    });
    expect(changed.statusCode).toBe(200);
    // Two changes before the post share one row: one URL.
    await t.app.inject({
      method: 'PUT',
      url: `/business/jobs/${jobId}`,
      headers: employer,
      payload: jobBody({ title: 'Lead Welder' }),
    });
    await t.deps.indexNow.worker.flush();
    expect(postedUrls()).toEqual([pageOf(jobId)]);
    endpoint.posts.length = 0;

    // The application counter's update is not a change of the public page.
    await t.deps.database.db
      .updateTable('jobs')
      .set((eb) => ({ application_count: eb('application_count', '+', 1) }))
      .where('id', '=', jobId)
      .execute();
    await t.deps.indexNow.worker.flush();
    expect(endpoint.posts).toEqual([]);

    const closed = await t.app.inject({
      method: 'POST',
      url: `/business/jobs/${jobId}/close`,
      headers: employer,
      payload: { outcome: 'filled' },
    });
    expect(closed.statusCode).toBe(200);
    await t.deps.indexNow.worker.flush();
    expect(postedUrls()).toEqual([pageOf(jobId)]);
    endpoint.posts.length = 0;

    await t.app.inject({
      method: 'PUT',
      url: `/business/jobs/${draftId}`,
      headers: employer,
      payload: jobBody({ title: 'Still a draft', isLive: false }),
    });
    await t.deps.indexNow.worker.flush();
    expect(endpoint.posts).toEqual([]);
  });

  it('tries a failed post again after its back-off, and the console shows when engines were last told', async () => {
    const jobId = await newJob(t, employer);
    endpoint.answers.push(500);
    expect(await t.deps.indexNow.worker.flush()).toBe(0);
    expect(postedUrls()).toEqual([pageOf(jobId)]);
    const failed = await t.deps.database.db
      .selectFrom('indexnow_outbox')
      .select(['sent_at', 'attempts', 'last_error'])
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(failed).toEqual({ sent_at: null, attempts: 1, last_error: 'IndexNow answered 500' });

    const distribution = async () =>
      (await t.app.inject({ url: `/business/jobs/${jobId}/distribution`, headers: employer })).json();
    expect((await distribution()).indexNow).toEqual({ on: true, lastNotifiedAt: null });

    // Not asked again before its back-off ends.
    await t.deps.indexNow.worker.flush();
    expect(endpoint.posts).toHaveLength(1);
    t.deps.indexNow.now = () => Date.now() + 60_000;
    expect(await t.deps.indexNow.worker.flush()).toBe(1);
    expect(endpoint.posts).toHaveLength(2);
    expect(endpoint.posts[1]!.urlList).toEqual([pageOf(jobId)]);
    const told = (await distribution()).indexNow;
    expect(told.on).toBe(true);
    expect(Date.parse(told.lastNotifiedAt)).toBeGreaterThan(Date.now());
  });

  it('posts a change once when two instances’ workers run at the same moment', async () => {
    const second = createIndexNowWorker({
      db: t.deps.database.db,
      settings: t.deps.indexNow.settings,
      now: Date.now,
      intervalMs: 60_000,
      logger: t.app.log,
    });
    const jobId = await newJob(t, employer);
    const [a, b] = await Promise.all([t.deps.indexNow.worker.flush(), second.flush()]);
    expect(a + b).toBe(1);
    expect(postedUrls()).toEqual([pageOf(jobId)]);
  });

  it('names each board with what it needs and its feed URL, not only addresses', async () => {
    const jobId = await newJob(t, employer);
    const res = await t.app.inject({ url: `/business/jobs/${jobId}/distribution`, headers: employer });
    expect(res.statusCode).toBe(200);
    const boards = res.json().boards as { id: string; needs: string; feedUrl: string | null }[];
    expect(boards.find((board) => board.id === 'google')).toMatchObject({ needs: 'nothing', feedUrl: null });
    expect(boards.find((board) => board.id === 'indeed')).toMatchObject({
      name: 'Indeed',
      needs: 'feed-registration',
      registerUrl: expect.stringMatching(/^https:\/\//),
      feedUrl: expect.stringMatching(/jobs\.xml\?board=indeed$/),
      lastFetchedAt: null,
    });
  });
});

describe.each(databaseKinds())('IndexNow off on %s', (kind) => {
  let endpoint: Endpoint;
  beforeAll(async () => {
    endpoint = await startEndpoint();
  });
  afterAll(async () => endpoint?.close());

  it('posts nothing for a portal search engines cannot reach', async () => {
    const t = await startTestApp(kind, {
      PORTAL_URL: 'https://careers.example.test',
      INDEXNOW_ENDPOINT: endpoint.url,
      INDEXNOW_KEY: KEY,
      CANDIDATE_WORKERS: 'false',
    });
    try {
      expect(t.deps.indexNow.settings.endpoint).toBeNull();
      const employer = await newBusiness(t);
      const jobId = await newJob(t, employer);
      expect(await t.deps.indexNow.worker.flush()).toBe(0);
      const res = await t.app.inject({ url: `/business/jobs/${jobId}/distribution`, headers: employer });
      expect(res.json().indexNow).toEqual({ on: false, lastNotifiedAt: null });
      expect(endpoint.posts).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('posts nothing when turned off, even for a public portal', async () => {
    const t = await startTestApp(kind, {
      PORTAL_URL: PORTAL,
      INDEXNOW_ENDPOINT: endpoint.url,
      INDEXNOW_KEY: KEY,
      INDEXNOW_ENABLED: 'false',
      CANDIDATE_WORKERS: 'false',
    });
    try {
      await newJob(t, await newBusiness(t));
      expect(await t.deps.indexNow.worker.flush()).toBe(0);
      expect(endpoint.posts).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('the embedded default’s IndexNow key', () => {
  it('is generated under DATA_DIR for the portal to serve, and is the key the posts carry', async () => {
    const endpoint = await startEndpoint();
    const t = await startTestApp('pglite', {
      PORTAL_URL: PORTAL,
      INDEXNOW_ENDPOINT: endpoint.url,
      CANDIDATE_WORKERS: 'false',
    });
    try {
      const key = (await readFile(path.join(t.dataDir, 'internal-secrets', 'indexnow.secret'), 'utf8')).trim();
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      await newJob(t, await newBusiness(t));
      await t.deps.indexNow.worker.flush();
      expect(endpoint.posts.map((post) => post.key)).toEqual([key]);
    } finally {
      await t.close();
      await endpoint.close();
    }
  });
});
