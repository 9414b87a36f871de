import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { startTestApp, type TestApp } from './helpers';

/*
 * Who may report a crawler's fetch of an apply page, and what a flood of reports and of made-up
 * User-Agents can grow: the table and the employer's page (docs/decisions/0514).
 */

const TOKEN = 'portal-crawler-report-token-'.padEnd(48, 'x');
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe.each(databaseKinds())('crawler fetch reports on %s', (kind) => {
  let t: TestApp;
  let employer: Record<string, string>;
  let jobId: string;
  let businessId: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { CANDIDATE_WORKERS: 'false', CRAWLER_REPORT_TOKEN: TOKEN });
    employer = await t.auth(randomUUID(), ['BusinessUser']);
    const business = await t.app.inject({
      method: 'POST',
      url: '/business',
      headers: employer,
      payload: { name: 'Crawl Space', city: 'York', phone: '0190', domain: 'crawlspace' },
    });
    expect(business.statusCode).toBe(200);
    businessId = business.json().id as string;
    const job = await t.app.inject({
      method: 'POST',
      url: '/business/jobs',
      headers: employer,
      payload: {
        title: 'Spider wrangler',
        description: 'Keeping the webs tidy.',
        city: 'York',
        postcode: 'YO1 7HH',
        jobType: 1,
        fullTime: true,
        remote: false,
        salaryRateType: 3,
        salaryAmount: 24000,
        salaryCurrency: 'GBP',
      },
    });
    expect(job.statusCode).toBe(200);
    jobId = job.json().id as string;
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.deps.crawlers.flush();
    await sql`delete from crawler_fetches`.execute(t.deps.database.db);
  });

  const report = (userAgent: string, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
    t.app.inject({
      method: 'POST',
      url: `/internal/jobs/${jobId}/crawler-fetches`,
      headers,
      payload: { userAgent },
    });
  const rows = async () => {
    await t.deps.crawlers.flush();
    return t.deps.database.db
      .selectFrom('crawler_fetches')
      .select(['target', 'crawler', 'fetches'])
      .orderBy('crawler')
      .orderBy('target')
      .execute();
  };

  it("refuses a report from anyone but the portal's server, and counts nothing for it", async () => {
    // The address strangers used: no longer a route.
    const old = await t.app.inject({
      method: 'POST',
      url: `/job/${jobId}/crawler-fetches`,
      headers: { 'user-agent': GOOGLEBOT },
    });
    expect(old.statusCode).toBe(404);
    expect((await report(GOOGLEBOT, {})).statusCode).toBe(401);
    expect((await report(GOOGLEBOT, { authorization: `Bearer ${TOKEN.slice(0, -1)}y` })).statusCode).toBe(401);
    expect((await report(GOOGLEBOT, { authorization: TOKEN })).statusCode).toBe(401);
    // The right credential through the public proxy (which sets X-Forwarded-For) is refused as well.
    expect(
      (await report(GOOGLEBOT, { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.9' })).statusCode,
    ).toBe(404);
    expect(await rows()).toEqual([]);
    // The portal's server is heard.
    expect((await report(GOOGLEBOT)).statusCode).toBe(204);
    expect(await rows()).toEqual([{ target: `job:${jobId}`, crawler: 'Googlebot', fetches: expect.anything() }]);
  });

  it('answers 404 to every report while no credential is set (a server database and no CRAWLER_REPORT_TOKEN)', async () => {
    const bare = await startTestApp(kind, { CANDIDATE_WORKERS: 'false' }, {}, (config) => {
      config.crawlerReport = { token: undefined, generatedDir: undefined };
    });
    try {
      const res = await bare.app.inject({
        method: 'POST',
        url: `/internal/jobs/${randomUUID()}/crawler-fetches`,
        headers: { authorization: 'Bearer ' },
        payload: { userAgent: GOOGLEBOT },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('keeps one row per crawler and job however many reports come, and one "Other crawler" for every made-up bot', async () => {
    const reports = 10_000;
    for (let sent = 0; sent < reports; sent += 500) {
      const batch = await Promise.all(
        Array.from({ length: 500 }, (_, i) =>
          // Half of them as made-up bots, each of its own name.
          report(i % 2 === 0 ? `${GOOGLEBOT} #${sent + i}` : `EvilBot${sent + i}/6.6 (+https://evil.example)`),
        ),
      );
      expect(batch.every((res) => res.statusCode === 204)).toBe(true);
    }
    const counted = await rows();
    expect(counted).toEqual([
      { target: `job:${jobId}`, crawler: 'Googlebot', fetches: expect.anything() },
      { target: `job:${jobId}`, crawler: 'Other crawler', fetches: expect.anything() },
    ]);
    expect(counted.map((row) => Number(row.fetches))).toEqual([reports / 2, reports / 2]);
  });

  it('counts "EvilBot" as "Other crawler", reported by the portal or fetching a feed itself', async () => {
    expect((await report('EvilBot/1.0')).statusCode).toBe(204);
    expect((await report('Mozilla/5.0 (compatible; bingbot/2.0)')).statusCode).toBe(204);
    // A browser counts nothing.
    expect((await report('Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0')).statusCode).toBe(204);
    const feed = await t.app.inject({ url: '/feeds/jobs.json', headers: { 'user-agent': 'EvilBot/1.0' } });
    expect(feed.statusCode).toBe(200);
    expect(await rows()).toEqual([
      { target: `job:${jobId}`, crawler: 'Bingbot', fetches: expect.anything() },
      { target: 'feed:json', crawler: 'Other crawler', fetches: expect.anything() },
      { target: `job:${jobId}`, crawler: 'Other crawler', fetches: expect.anything() },
    ]);
    const page = await t.app.inject({ url: `/business/jobs/${jobId}/distribution`, headers: employer });
    expect(page.statusCode).toBe(200);
    const lines = (page.json() as { crawlers: { crawler: string }[] }).crawlers.map((c) => c.crawler);
    expect(lines).not.toContain('EvilBot');
    expect(lines.sort()).toEqual(['Bingbot', 'Other crawler', 'Other crawler']);
  });

  it('gives the employer the crawler lines a bounded page at a time, each line once, newest first', async () => {
    // Rows left from before the fixed list (any name), many with the same time: the page still stops.
    const at = new Date('2026-05-01T10:00:00.000Z');
    await sql`insert into crawler_fetches (target, crawler, fetches, first_at, last_at)
      select ${`job:${jobId}`}, 'LegacyBot' || n, 1, ${at}, ${at}::timestamptz - ((n / 7) || ' seconds')::interval
      from generate_series(1, 300) as n`.execute(t.deps.database.db);
    await sql`insert into crawler_fetches (target, crawler, fetches, first_at, last_at)
      values (${`feed:business:${businessId}`}, 'Googlebot', 3, ${at}, ${at})`.execute(t.deps.database.db);

    type Page = { crawlers: { crawler: string; via: string; lastAt: string }[]; nextCursor: string | null };
    const get = async (query: string) => {
      const res = await t.app.inject({ url: `/business/jobs/${jobId}/distribution${query}`, headers: employer });
      return res;
    };
    const first = await get('');
    expect(first.statusCode).toBe(200);
    expect((first.json() as Page).crawlers).toHaveLength(20);
    expect(first.body.length).toBeLessThan(10_000);

    const seen: Page['crawlers'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(`?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as Page;
      expect(page.crawlers.length).toBeLessThanOrEqual(50);
      seen.push(...page.crawlers);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(pages).toBe(7);
    expect(seen).toHaveLength(301);
    expect(new Set(seen.map((c) => `${c.crawler} ${c.via}`)).size).toBe(301);
    const times = seen.map((c) => Date.parse(c.lastAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    expect((await get('?limit=51')).statusCode).toBe(400);
    expect((await get('?limit=0')).statusCode).toBe(400);
    expect((await get('?cursor=not-a-cursor')).statusCode).toBe(400);
    // Another business's member reads no page of it.
    const stranger = await t.auth(randomUUID(), ['BusinessUser']);
    const theirs = await t.app.inject({
      url: `/business/jobs/${jobId}/distribution?limit=50`,
      headers: stranger,
    });
    expect(theirs.statusCode).not.toBe(200);
  });
});
