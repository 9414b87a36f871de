import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { DOMParser } from '@xmldom/xmldom';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { startTestApp, type TestApp } from './helpers';

const PORTAL = 'https://careers.example.test';
const CRAWLER_REPORT_TOKEN = 'portal-crawler-report-token-'.padEnd(48, 'x');

/** The feed parsed as XML; any well-formedness error fails the test. */
function parseXml(text: string) {
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level: string, message: string) => {
      if (level !== 'warning') errors.push(message);
    },
  } as never).parseFromString(text, 'text/xml');
  expect(errors).toEqual([]);
  return doc;
}

const INDEED_JOB_FIELDS = [
  'title',
  'date',
  'referencenumber',
  'url',
  'company',
  'city',
  'state',
  'country',
  'postalcode',
  'description',
  'salary',
  'jobtype',
  'expirationdate',
];

function jobsOf(doc: ReturnType<typeof parseXml>) {
  return Array.from(doc.getElementsByTagName('job')).map((job) =>
    Object.fromEntries(
      Array.from(job.childNodes)
        .filter((n) => n.nodeType === 1)
        .map((n) => [n.nodeName, n.textContent ?? '']),
    ),
  );
}

describe.each(databaseKinds())('job feeds on %s', (kind) => {
  let t: TestApp;
  let clock = Date.now();
  let employer: Record<string, string>;
  let slug: string;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      PORTAL_URL: PORTAL,
      CANDIDATE_WORKERS: 'false',
      CRAWLER_REPORT_TOKEN: CRAWLER_REPORT_TOKEN,
    });
    t.deps.jobAlerts.now = () => clock;
    employer = await t.auth(randomUUID(), ['BusinessUser']);
    const business = await t.app.inject({
      method: 'POST',
      url: '/business',
      headers: employer,
      payload: { name: 'Feed & Fodder', city: 'York', phone: '0190', domain: 'feedfodder' },
    });
    expect(business.statusCode).toBe(200);
    slug = (
      await t.deps.database.db
        .selectFrom('businesses')
        .select('slug')
        .where('id', '=', business.json().id)
        .executeTakeFirstOrThrow()
    ).slug;
  });
  afterAll(async () => t?.close());

  const jobBody = (title: string, extra: Record<string, unknown> = {}) => ({
    title,
    description: 'Feeding the animals.\n\nEarly starts <b>&</b> fresh air.',
    city: 'York',
    state: 'North Yorkshire',
    postcode: 'YO1 7HH',
    jobType: 1,
    fullTime: true,
    remote: false,
    salaryRateType: 3,
    salaryAmount: 24000,
    salaryCurrency: 'GBP',
    ...extra,
  });
  async function postJob(title: string, extra: Record<string, unknown> = {}) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/business/jobs',
      headers: employer,
      payload: jobBody(title, extra),
    });
    expect(res.statusCode).toBe(200);
    return res.json().id as string;
  }

  it('serves every open job in the Indeed XML format, CDATA-safe, each url tagged for the board', async () => {
    const id = await postJob('Keeper ]]> <script>alert(1)</script> & Co');
    const res = await t.app.inject({ url: '/feeds/jobs.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const doc = parseXml(res.body);
    const source = doc.documentElement!;
    expect(source.nodeName).toBe('source');
    for (const field of ['publisher', 'publisherurl', 'lastBuildDate'])
      expect(source.getElementsByTagName(field)[0]?.textContent).toBeTruthy();
    expect(source.getElementsByTagName('publisherurl')[0]!.textContent).toBe(PORTAL);
    const job = jobsOf(doc).find((j) => j.referencenumber === id)!;
    for (const field of INDEED_JOB_FIELDS) expect(job, field).toHaveProperty(field);
    expect(job.title).toBe('Keeper ]]> <script>alert(1)</script> & Co');
    expect(job.url).toBe(`${PORTAL}/apply/${id}?utm_source=indeed`);
    expect(job.company).toBe('Feed & Fodder');
    expect(job.city).toBe('York');
    expect(job.state).toBe('North Yorkshire');
    expect(job.country).toBe('GB');
    expect(job.postalcode).toBe('YO1 7HH');
    expect(job.description).toBe('<p>Feeding the animals.</p><p>Early starts &lt;b&gt;&amp;&lt;/b&gt; fresh air.</p>');
    expect(job.salary).toBe('GBP 24000 per year');
    expect(job.jobtype).toBe('fulltime');
    expect(new Date(job.expirationdate!).getTime()).toBeGreaterThan(Date.now());

    const adzuna = await t.app.inject({ url: '/feeds/jobs.xml?board=adzuna' });
    expect(jobsOf(parseXml(adzuna.body)).find((j) => j.referencenumber === id)!.url).toBe(
      `${PORTAL}/apply/${id}?utm_source=adzuna`,
    );
    expect((await t.app.inject({ url: '/feeds/jobs.xml?board=evil.example' })).statusCode).toBe(400);
  });

  it("serves one business's feed at /careers/{slug}/jobs.xml and the JSON Feed 1.1", async () => {
    const id = await postJob('Shepherd');
    const other = await t.auth(randomUUID(), ['BusinessUser']);
    await t.app.inject({
      method: 'POST',
      url: '/business',
      headers: other,
      payload: { name: 'Elsewhere Ltd', city: 'Hull', phone: '0148', domain: 'elsewhere' },
    });
    const otherJob = await t.app.inject({
      method: 'POST',
      url: '/business/jobs',
      headers: other,
      payload: jobBody('Sailor'),
    });
    const mine = jobsOf(parseXml((await t.app.inject({ url: `/careers/${slug}/jobs.xml` })).body));
    expect(mine.map((j) => j.referencenumber)).toContain(id);
    expect(mine.map((j) => j.referencenumber)).not.toContain(otherJob.json().id);
    expect((await t.app.inject({ url: '/careers/no-such-business/jobs.xml' })).statusCode).toBe(404);

    const json = await t.app.inject({ url: '/feeds/jobs.json' });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    const feed = json.json();
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.feed_url).toBe(`${PORTAL}/feeds/jobs.json`);
    const item = feed.items.find((i: { id: string }) => i.id === id);
    expect(item).toMatchObject({
      url: `${PORTAL}/apply/${id}?utm_source=jsonfeed`,
      title: 'Shepherd',
      authors: [{ name: 'Feed & Fodder' }],
      _job: { company: 'Feed & Fodder', country: 'GB', jobtype: 'fulltime' },
    });
    expect(item.content_html).toContain('<p>Feeding the animals.</p>');
  });

  it('answers 304 to a matching If-None-Match or If-Modified-Since; a closed or expired job leaves every feed at once', async () => {
    const closing = await postJob('Cowherd');
    const expiring = await postJob('Goatherd');
    const urls = ['/feeds/jobs.xml', '/feeds/jobs.json', `/careers/${slug}/jobs.xml`];
    const first = await Promise.all(urls.map((url) => t.app.inject({ url })));
    for (const [i, res] of first.entries()) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(closing);
      expect(res.body).toContain(expiring);
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(res.headers['last-modified']).toBeTruthy();
      const again = await t.app.inject({ url: urls[i]!, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const since = await t.app.inject({
        url: urls[i]!,
        headers: { 'if-modified-since': String(res.headers['last-modified']) },
      });
      expect(since.statusCode).toBe(304);
    }

    // Closing: gone from the very next read of every feed, and the old validators no longer match.
    const closed = await t.app.inject({
      method: 'PUT',
      url: `/business/jobs/${closing}`,
      headers: employer,
      payload: jobBody('Cowherd', { isLive: false }),
    });
    expect(closed.statusCode).toBe(200);
    for (const [i, url] of urls.entries()) {
      const res = await t.app.inject({ url, headers: { 'if-none-match': String(first[i]!.headers.etag) } });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(closing);
      expect(res.body).toContain(expiring);
    }

    // Expiry: the job's validThrough is 30 s from the (injected) clock; 31 s later it is gone everywhere.
    clock = Date.now();
    await t.deps.database.db
      .updateTable('jobs')
      .set({ valid_through: new Date(clock + 30_000) } as never)
      .where('id', '=', expiring)
      .execute();
    const before = await Promise.all(urls.map((url) => t.app.inject({ url })));
    for (const res of before) expect(res.body).toContain(expiring);
    clock += 31_000;
    for (const [i, url] of urls.entries()) {
      const res = await t.app.inject({ url, headers: { 'if-none-match': String(before[i]!.headers.etag) } });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(expiring);
      expect(new Date(String(res.headers['last-modified'])).getTime()).toBeGreaterThanOrEqual(
        new Date(String(before[i]!.headers['last-modified'])).getTime(),
      );
    }
    clock = Date.now();
  });

  it("counts crawlers' feed fetches in batches and shows the employer where the job is published", async () => {
    const id = await postJob('Drover');
    await t.app.inject({
      url: '/feeds/jobs.xml',
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
    });
    await t.app.inject({ url: '/feeds/jobs.xml?board=adzuna', headers: { 'user-agent': 'AdzunaBot/1.0' } });
    await t.app.inject({ url: `/careers/${slug}/jobs.xml`, headers: { 'user-agent': 'Indeed-Crawler/3' } });
    await t.app.inject({ url: `/careers/${slug}/jobs.xml`, headers: { 'user-agent': 'Indeed-Crawler/3' } });
    await t.app.inject({ url: '/feeds/jobs.json', headers: { 'user-agent': 'Mozilla/5.0 Firefox/130' } });
    // The portal's server reports crawlers' fetches of the apply page (a browser's counts nothing).
    const pageFetch = (jobId: string, userAgent: string) =>
      t.app.inject({
        method: 'POST',
        url: `/internal/jobs/${jobId}/crawler-fetches`,
        headers: { authorization: `Bearer ${CRAWLER_REPORT_TOKEN}` },
        payload: { userAgent },
      });
    expect((await pageFetch(id, 'Mozilla/5.0 (compatible; bingbot/2.0)')).statusCode).toBe(204);
    expect((await pageFetch(id, 'Mozilla/5.0 Firefox/130')).statusCode).toBe(204);
    expect((await pageFetch(randomUUID(), 'Mozilla/5.0 (compatible; bingbot/2.0)')).statusCode).toBe(404);
    // Nothing is written on the request's path; the batch goes on the next flush.
    expect(await t.deps.database.db.selectFrom('crawler_fetches').selectAll().execute()).toEqual([]);
    await t.deps.crawlers.flush();
    const res = await t.app.inject({ url: `/business/jobs/${id}/distribution`, headers: employer });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      places: { name: string; url: string; how: string }[];
      crawlers: { crawler: string; via: string; fetches: number }[];
    };
    expect(body.places.map((p) => p.url)).toEqual(
      expect.arrayContaining([
        `${PORTAL}/apply/${id}`,
        `${PORTAL}/careers/${slug}`,
        `${PORTAL}/jobs`,
        `${PORTAL}/sitemap.xml`,
        `${PORTAL}/careers/${slug}/jobs.xml?board=indeed`,
        `${PORTAL}/feeds/jobs.json`,
      ]),
    );
    // Each board by name: when its crawler last fetched the job or a feed carrying it (docs/decisions/0561).
    const boards = (res.json() as { boards: { id: string; lastFetchedAt: string | null }[] }).boards;
    const fetched = Object.fromEntries(boards.map((b) => [b.id, b.lastFetchedAt !== null]));
    expect(fetched).toMatchObject({ google: true, bing: true, indeed: true, adzuna: true, linkedin: false });
    const byCrawler = Object.fromEntries(body.crawlers.map((c) => [`${c.crawler} ${c.via}`, c.fetches]));
    expect(byCrawler).toEqual({
      'Googlebot feed': 1,
      'Adzuna feed': 1,
      'Indeed careers feed': 2,
      'Bingbot job page': 1,
    });
    const stranger = await t.auth(randomUUID(), ['BusinessUser']);
    expect((await t.app.inject({ url: `/business/jobs/${id}/distribution`, headers: stranger })).statusCode).not.toBe(
      200,
    );
  });

  it('streams 10,000 jobs in bounded memory', async () => {
    // 10,000 open jobs with 1 KB descriptions: about 13 MB of XML, far more than the live heap may grow by.
    const business = await t.deps.database.db.selectFrom('businesses').select('id').executeTakeFirstOrThrow();
    await sql`insert into jobs (id, business_id, title, description, is_live, part_time, full_time, job_type, remote,
        salary_rate_type, salary_negotiable, created_at, city, postcode)
      select gen_random_uuid(), ${business.id}, 'Bulk job ' || n, repeat('All the hay in the barn. ', 40), true, false, true, 1, false,
        0, false, now() - (n || ' seconds')::interval, 'York', 'YO1'
      from generate_series(1, 10000) as n`.execute(t.deps.database.db);
    const inserted = Date.now();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // Live memory, not garbage waiting for a collection: a full collection before each sample.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const live = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const baseline = live();
    let peak = baseline;
    let chunks = 0;
    let bytes = 0;
    let jobs = 0;
    await new Promise<void>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/feeds/jobs.xml' }, (res) => {
          expect(res.statusCode).toBe(200);
          res.setEncoding('utf8');
          let carry = '';
          res.on('data', (chunk: string) => {
            bytes += chunk.length;
            const text = carry + chunk;
            jobs += text.split('<job>').length - 1;
            carry = text.slice(-4);
            chunks += 1;
            if (chunks % 50 === 0) peak = Math.max(peak, live());
          });
          res.on('end', () => resolve());
          res.on('error', reject);
        })
        .on('error', reject);
    });
    const grewMb = (peak - baseline) / 2 ** 20;
    process.stderr.write(
      `feed of ${jobs} jobs on ${kind}: ${(bytes / 2 ** 20).toFixed(1)} MB streamed in ${Date.now() - inserted} ms, live heap grew by at most ${grewMb.toFixed(1)} MB\n`,
    );
    expect(jobs).toBeGreaterThanOrEqual(10_000);
    expect(bytes).toBeGreaterThan(12 * 2 ** 20);
    expect(grewMb).toBeLessThan(6);
  }, 120_000);
});
