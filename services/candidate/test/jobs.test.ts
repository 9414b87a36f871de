import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { startTestApp, type TestApp } from './helpers';
import { SALARY_NEEDS_CURRENCY, SALARY_NEEDS_PERIOD } from '@careers/contracts/employer';

const CACHE_TTL_MS = 400;

describe.each(databaseKinds())('GET /job/{id} from memory, with ETag, on %s', (kind) => {
  let t: TestApp;
  let employer: Record<string, string>;
  beforeAll(async () => {
    // A short life for cached jobs, so that waiting out another instance's change stays quick here.
    t = await startTestApp(kind, {}, {}, (config) => {
      config.jobCache = { ttlMs: CACHE_TTL_MS, maxEntries: 3 };
    });
    employer = await t.auth(randomUUID(), ['BusinessUser']);
    expect(
      (await t.app.inject({ method: 'POST', url: '/business', headers: employer, payload: { name: 'Acme Ltd' } }))
        .statusCode,
    ).toBe(200);
  });
  afterAll(async () => t?.close());

  const jobBody = (overrides: Record<string, unknown> = {}) => ({
    title: 'Welder',
    description: 'MIG and TIG',
    city: 'Leeds',
    ...overrides,
  });

  async function newJob() {
    const res = await t.app.inject({ method: 'POST', url: '/business/jobs', headers: employer, payload: jobBody() });
    expect(res.statusCode).toBe(200);
    return res.json() as { id: string };
  }

  it('answers an ETag, and 304 with no body when If-None-Match holds it', async () => {
    const job = await newJob();
    const first = await t.app.inject({ url: `/job/${job.id}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toMatchObject({ id: job.id, title: 'Welder', businessName: 'Acme Ltd', isLive: true });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await t.app.inject({ url: `/job/${job.id}`, headers: { 'if-none-match': ifNoneMatch } });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    const stale = await t.app.inject({ url: `/job/${job.id}`, headers: { 'if-none-match': '"something-else"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().id).toBe(job.id);
  });

  it('answers a cached job before the other hooks, with the headers the route gives (request id, security, CORS)', async () => {
    const job = await newJob();
    const portal = t.app.config.corsOrigins[0]!;
    const load = vi.spyOn(t.app.jobCache, 'get');
    try {
      for (const origin of [undefined, portal, 'https://elsewhere.example']) {
        t.app.jobCache.invalidate(job.id);
        const headers = origin ? { origin } : {};
        load.mockClear();
        const fromRoute = await t.app.inject({ url: `/job/${job.id}`, headers });
        expect(load).toHaveBeenCalledTimes(1);
        const fromMemory = await t.app.inject({
          url: `/job/${job.id}`,
          headers: { ...headers, 'x-request-id': 'early-1' },
        });
        // The second answer did not reach the route: the cache was read by the early hook alone.
        expect(load, String(origin)).toHaveBeenCalledTimes(1);
        expect(fromMemory.statusCode).toBe(200);
        expect(fromMemory.body).toBe(fromRoute.body);
        expect(fromMemory.headers['x-request-id']).toBe('early-1');
        const comparable = (h: Record<string, unknown>) =>
          Object.fromEntries(Object.entries(h).filter(([name]) => !['date', 'x-request-id'].includes(name)));
        expect(comparable(fromMemory.headers), String(origin)).toEqual(comparable(fromRoute.headers));
        expect(fromMemory.headers['access-control-allow-origin']).toBe(origin === portal ? portal : undefined);
        const notModified = await t.app.inject({
          url: `/job/${job.id}`,
          headers: { ...headers, 'if-none-match': fromRoute.headers.etag as string },
        });
        expect(notModified.statusCode).toBe(304);
        expect(notModified.body).toBe('');
        expect(notModified.headers['content-security-policy']).toBe(fromRoute.headers['content-security-policy']);
        expect(load).toHaveBeenCalledTimes(1);
      }
      // An id the cache does not hold, valid or not, goes through the route and its checks.
      expect((await t.app.inject({ url: '/job/not-a-uuid' })).statusCode).toBe(400);
      expect((await t.app.inject({ url: `/job/${randomUUID()}` })).statusCode).toBe(404);
    } finally {
      load.mockRestore();
    }
  });

  it('shows a change made through this instance at once, with a new ETag', async () => {
    const job = await newJob();
    const before = await t.app.inject({ url: `/job/${job.id}` });
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/business/jobs/${job.id}`,
      headers: employer,
      payload: jobBody({ title: 'Senior Welder', isLive: false }),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: job.id, title: 'Senior Welder', isLive: false });

    const after = await t.app.inject({
      url: `/job/${job.id}`,
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ title: 'Senior Welder', isLive: false });
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('shows a change made by another instance once the cached copy has lived its few moments', async () => {
    const job = await newJob();
    expect((await t.app.inject({ url: `/job/${job.id}` })).json().title).toBe('Welder');
    // Another instance writes to the same database; this one hears nothing of it.
    await t.deps.database.db.updateTable('jobs').set({ title: 'Welder (nights)' }).where('id', '=', job.id).execute();
    expect((await t.app.inject({ url: `/job/${job.id}` })).json().title).toBe('Welder');
    await new Promise((resolve) => setTimeout(resolve, CACHE_TTL_MS + 50));
    expect((await t.app.inject({ url: `/job/${job.id}` })).json().title).toBe('Welder (nights)');
  });

  it('keeps a bounded number of jobs: the oldest goes first', async () => {
    const jobs = [await newJob(), await newJob(), await newJob(), await newJob()];
    for (const job of jobs) await t.app.inject({ url: `/job/${job.id}` });
    const [oldest, , , newest] = jobs as [{ id: string }, unknown, unknown, { id: string }];
    await t.deps.database.db
      .updateTable('jobs')
      .set({ title: 'Changed' })
      .where('id', 'in', [oldest.id, newest.id])
      .execute();
    // The oldest was let go and is read again; the newest is still served from memory.
    expect((await t.app.inject({ url: `/job/${oldest.id}` })).json().title).toBe('Changed');
    expect((await t.app.inject({ url: `/job/${newest.id}` })).json().title).toBe('Welder');
  });

  it("changes only the business's own jobs, with the create rules", async () => {
    const job = await newJob();
    const other = await t.auth(randomUUID(), ['BusinessUser']);
    await t.app.inject({ method: 'POST', url: '/business', headers: other, payload: { name: 'Other Ltd' } });
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/business/jobs/${job.id}`,
      headers: other,
      payload: jobBody({ title: 'Hijacked' }),
    });
    expect(foreign.statusCode).toBe(404);
    const candidate = await t.app.inject({
      method: 'PUT',
      url: `/business/jobs/${job.id}`,
      headers: await t.auth(randomUUID()),
      payload: jobBody(),
    });
    expect(candidate.statusCode).toBe(403);
    const invalid = await t.app.inject({
      method: 'PUT',
      url: `/business/jobs/${job.id}`,
      headers: employer,
      payload: jobBody({ title: '' }),
    });
    expect(invalid.statusCode).toBe(400);
    expect((await t.app.inject({ url: `/job/${job.id}` })).json().title).toBe('Welder');
  });

  it('takes what a candidate decides on (hours, contract, workplace, salary) and shows it on the public job', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/business/jobs',
      headers: employer,
      payload: jobBody({
        fullTime: false,
        partTime: true,
        jobType: 2,
        workplace: 'Hybrid',
        salaryRateType: 3,
        salaryFrom: 30000,
        salaryTo: 36000,
        salaryCurrency: ' eur ',
      }),
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as string;
    const wanted = {
      fullTime: false,
      partTime: true,
      jobType: 2,
      workplace: 'Hybrid',
      remote: false,
      salaryRateType: 3,
      salaryFrom: 30000,
      salaryTo: 36000,
      salaryCurrency: 'EUR',
    };
    expect(created.json()).toMatchObject(wanted);
    expect((await t.app.inject({ url: `/job/${id}` })).json()).toMatchObject(wanted);

    // remote alone still works (product.md §3) and picks the workplace; the cached job shows the change at once.
    const remote = await t.app.inject({
      method: 'PUT',
      url: `/business/jobs/${id}`,
      headers: employer,
      payload: jobBody({ remote: true, salaryCurrency: '' }),
    });
    expect(remote.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/job/${id}` })).json()).toMatchObject({
      remote: true,
      workplace: 'Remote',
      fullTime: true,
      salaryCurrency: null,
    });
    const onSite = await t.app.inject({
      method: 'PUT',
      url: `/business/jobs/${id}`,
      headers: employer,
      payload: jobBody(),
    });
    expect(onSite.json()).toMatchObject({ remote: false, workplace: 'OnSite' });
  });

  it('refuses a reversed or negative salary, a currency that is not three letters, a job with no hours and a remote that contradicts the workplace', async () => {
    for (const [overrides, field] of [
      [{ salaryFrom: 40000, salaryTo: 30000 }, 'salaryTo'],
      [{ salaryFrom: -1 }, 'salaryFrom'],
      [{ salaryAmount: -5 }, 'salaryAmount'],
      [{ salaryCurrency: 'POUNDS' }, 'salaryCurrency'],
      [{ salaryCurrency: '£' }, 'salaryCurrency'],
      [{ fullTime: false, partTime: false }, 'fullTime'],
      [{ workplace: 'Remote', remote: false }, 'remote'],
      [{ workplace: 'Hybrid', remote: true }, 'remote'],
      [{ workplace: 'Anywhere' }, 'workplace'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/business/jobs',
        headers: employer,
        payload: jobBody(overrides),
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.body, JSON.stringify(overrides)).toContain(field);
    }
    const equal = await t.app.inject({
      method: 'POST',
      url: '/business/jobs',
      headers: employer,
      payload: jobBody({
        salaryFrom: 20,
        salaryTo: 20,
        salaryRateType: 1,
        salaryCurrency: 'GBP',
        workplace: 'Remote',
        remote: true,
      }),
    });
    expect(equal.statusCode).toBe(200);
  });

  it('refuses an amount without its period or its currency, saying which is missing; a job without amounts needs neither', async () => {
    for (const amounts of [{ salaryAmount: 12.6 }, { salaryFrom: 12.6, salaryTo: 13.4 }, { salaryTo: 13.4 }]) {
      for (const [missing, field, message] of [
        [{ salaryRateType: 0, salaryCurrency: 'GBP' }, 'salaryRateType', SALARY_NEEDS_PERIOD],
        [{ salaryCurrency: 'GBP' }, 'salaryRateType', SALARY_NEEDS_PERIOD],
        [{ salaryRateType: 1, salaryCurrency: '' }, 'salaryCurrency', SALARY_NEEDS_CURRENCY],
        [{ salaryRateType: 1 }, 'salaryCurrency', SALARY_NEEDS_CURRENCY],
      ] as const) {
        const payload = jobBody({ ...amounts, ...missing });
        for (const request of [
          { method: 'POST' as const, url: '/business/jobs' },
          { method: 'PUT' as const, url: `/business/jobs/${(await newJob()).id}` },
        ]) {
          const res = await t.app.inject({ ...request, headers: employer, payload });
          expect(res.statusCode, JSON.stringify(payload)).toBe(400);
          expect(res.body, JSON.stringify(payload)).toContain(field);
          expect(res.body, JSON.stringify(payload)).toContain(message);
        }
      }
      const whole = await t.app.inject({
        method: 'POST',
        url: '/business/jobs',
        headers: employer,
        payload: jobBody({ ...amounts, salaryRateType: 1, salaryCurrency: 'GBP' }),
      });
      expect(whole.statusCode).toBe(200);
    }
    const none = await t.app.inject({
      method: 'POST',
      url: '/business/jobs',
      headers: employer,
      payload: jobBody({ salaryRateType: 0, salaryCurrency: null, salaryNegotiable: true }),
    });
    expect(none.statusCode).toBe(200);
  });

  it("pages the business's jobs, newest first, pageSize at most 100", async () => {
    const own = await t.auth(randomUUID(), ['BusinessUser']);
    await t.app.inject({ method: 'POST', url: '/business', headers: own, payload: { name: 'Paged Ltd' } });
    const titles = ['First', 'Second', 'Third'];
    for (const title of titles) {
      await t.app.inject({ method: 'POST', url: '/business/jobs', headers: own, payload: jobBody({ title }) });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const list = async (query: string) =>
      (await t.app.inject({ url: `/business/jobs${query}`, headers: own }))
        .json()
        .map((j: { title: string }) => j.title);
    expect(await list('')).toEqual(['Third', 'Second', 'First']);
    expect(await list('?pageSize=2')).toEqual(['Third', 'Second']);
    expect(await list('?page=2&pageSize=2')).toEqual(['First']);
    expect((await t.app.inject({ url: '/business/jobs?pageSize=101', headers: own })).statusCode).toBe(400);
  });

  it('answers 404 for an unknown job, and does not remember it', async () => {
    const id = randomUUID();
    expect((await t.app.inject({ url: `/job/${id}` })).statusCode).toBe(404);
    const business = await t.deps.database.db.selectFrom('businesses').select('id').executeTakeFirstOrThrow();
    await sql`insert into jobs (id, business_id, title) values (${id}, ${business.id}, 'Late')`.execute(
      t.deps.database.db,
    );
    expect((await t.app.inject({ url: `/job/${id}` })).statusCode).toBe(200);
  });
});
