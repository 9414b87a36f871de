import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import type { Job } from '@careers/contracts/candidate';
import { buildPortalServer } from './server';
import { parsePortalEnv } from './config';
import { composeApplyPage, createJobSource, descriptionHtml, jobPostingJsonLd, summarise } from './apply-page';
import { renderApplyPage } from '../src/entry-server';
import { jsonForScript } from '../src/first-paint/server-rendered-page';

const LIVE: Job = {
  id: '6f1c2a43-6a0e-4a51-9a44-0d2b6a6f0a11',
  title: 'Night Nurse </script><script>alert(1)</script>',
  description: 'Care for patients on the night shift. '.repeat(10),
  businessId: '0b8f3c9e-1d2a-4c3b-8e5f-6a7b8c9d0e1f',
  businessName: 'St Mary & Co',
  imageRelativeDirectory: 'businesses/0b8f3c9e',
  isLive: true,
  city: 'Leeds',
};
const CLOSED: Job = { ...LIVE, id: '7a2d3b54-7b1f-4b62-8b55-1e3c7b7f1b22', title: 'Porter', isLive: false };
/** Every replacement pattern String.prototype.replace knows, in the employer's own words. */
const DOLLARS = "Pay $$ $& $` $' $1 $<name> $";
const DOLLAR: Job = {
  ...LIVE,
  id: '9c4f5d76-9d3b-4d84-8d77-3a5e9d9b3d44',
  title: `Cashier ${DOLLARS}`,
  description: `Counts ${DOLLARS} every night. `.repeat(3),
  businessName: `Shop ${DOLLARS}`,
};
const UNKNOWN = '8b3e4c65-8c2a-4c73-9c66-2f4d8c8a2c33';
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta name="description" content="Careers Portal: apply." /><title>Careers Portal</title><script src="/config.js"></script><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div><script type="module" src="/assets/index-1.js"></script></body></html>';

/** A candidate service of its own in the test: GET /job/{id} from the two jobs above, counted. */
let candidate: Server;
let candidateUrl: string;
let jobRequests = 0;
/** The crawler fetches the portal reported (POST /internal/jobs/{id}/crawler-fetches), with its credential and body. */
const crawlerReports: { url: string; authorization: string | undefined; body: unknown }[] = [];
const CRAWLER_REPORT_TOKEN = 'portal-crawler-report-token-'.padEnd(48, 'x');
let dist: string;
let app: FastifyInstance;
let downApp: FastifyInstance;

async function portal(candidateBaseUrl: string, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const parsed = parsePortalEnv({
    CANDIDATE_URL: candidateBaseUrl,
    PORTAL_URL: 'https://jobs.example.com/',
    PUBLIC_BLOB_BASE_URL: 'https://blobs.example.com/pub',
    CRAWLER_REPORT_TOKEN,
    ...env,
  });
  if (!parsed.ok) throw new Error(parsed.problems.join());
  return buildPortalServer({ ...parsed.config, distDir: dist }, { renderApplyPage, jobSource: { timeoutMs: 500 } });
}

beforeAll(async () => {
  candidate = createServer((request, response) => {
    if (request.method === 'POST' && request.url?.endsWith('/crawler-fetches')) {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        crawlerReports.push({
          url: request.url ?? '',
          authorization: request.headers.authorization,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
        });
        response.writeHead(204).end();
      });
      return;
    }
    jobRequests += 1;
    const job = [LIVE, CLOSED, DOLLAR].find((candidateJob) => request.url === `/job/${candidateJob.id}`);
    response.writeHead(job ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(job ?? { title: 'The job was not found.', status: 404 }));
  });
  await new Promise<void>((resolve) => candidate.listen(0, '127.0.0.1', resolve));
  candidateUrl = `http://127.0.0.1:${(candidate.address() as AddressInfo).port}`;
  dist = await mkdtemp(join(tmpdir(), 'portal-ssr-'));
  await writeFile(join(dist, 'index.html'), INDEX_HTML);
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'assets', 'index-1.css'), '.apply-card{margin:0 auto}');
  app = await portal(candidateUrl);
  // Port 9 (discard) has no HTTP server here: every call fails as a stopped service does.
  downApp = await portal('http://127.0.0.1:9');
});

afterAll(async () => {
  await app.close();
  await downApp.close();
  await new Promise((resolve) => candidate.close(resolve));
  await rm(dist, { recursive: true, force: true });
});

const jsonLdOf = (html: string) => {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1] ?? '') as Record<string, unknown>) : null;
};

describe('server-rendered apply page', () => {
  // The first render loads the apply route's modules, which takes seconds on a busy machine.
  it(
    'holds the job, the logo with its size and the whole form, and the tags for search engines and link previews',
    { timeout: 30_000 },
    async () => {
      const response = await app.inject(`/apply/${LIVE.id}?utm_source=board`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      // React separates adjacent text with empty comments; they are not part of what a reader sees.
      const html = response.body.replaceAll('<!-- -->', '');
      // The logo is asked for at low priority, after the words (0221): no preload of it either.
      expect(html).not.toContain('rel="preload"');
      expect(html).toContain('<div id="root"><div class="simple-page">');
      // It paints from the HTML alone: styles written in, each leaving a disabled link (never fetched) by
      // which Vite's loader knows it is there; the settings are in the page's one inline script (0221).
      expect(html).toContain(
        '<style>.apply-card{margin:0 auto}</style><link rel="stylesheet" href="/assets/index-1.css" disabled>',
      );
      expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
        '<link rel="stylesheet" href="/assets/index-1.css" disabled>',
      ]);
      expect(html).not.toContain('/config.js');
      // Read as a browser reads it: the title's markup is text, not elements (the renderer escapes it).
      const root = new JSDOM(html).window.document.getElementById('root')!;
      expect(root.querySelector('h1')?.textContent).toBe('Apply now to Night Nurse </script><script>alert(1)</script>');
      expect(root.querySelectorAll('script')).toHaveLength(0);
      expect(root.querySelector('.apply-header__business')?.textContent).toBe('At St Mary & Co · Leeds');
      const logo = root.querySelector('.apply-header__logo[aria-hidden="true"] > img.apply-header__image');
      expect(logo?.getAttribute('src')).toMatch(
        /^https:\/\/blobs\.example\.com\/pub\/businesses\/0b8f3c9e\/logo\.png\?v=\d+$/,
      );
      expect([logo?.getAttribute('alt'), logo?.getAttribute('data-initial')]).toEqual(['', 'S']);
      expect([logo?.getAttribute('width'), logo?.getAttribute('height')]).toEqual(['64', '64']);
      expect(logo?.getAttribute('fetchpriority')).toBe('low');
      const labels = [...root.querySelectorAll('label')].map((label) => label.textContent);
      for (const label of ['Name', 'Email', 'Phone', 'Post code']) expect(labels).toContain(label);
      // What the candidate decides on comes in the first paint (issue 12 item 4); the long description folds on phones without script.
      const details = root.querySelector('section.job-details');
      expect(details?.querySelector('dt')?.textContent).toBe('Location');
      expect(details?.querySelector('dd')?.textContent).toBe('Leeds');
      expect(details?.querySelector('p')?.textContent).toMatch(/^Care for patients on the night shift\./);
      const fold = root.querySelector<HTMLInputElement>(`input#job-description-fold-${LIVE.id}.job-details__unfold`);
      expect(fold?.type).toBe('checkbox');
      expect(root.textContent).toContain('Show more');
      expect(root.querySelector('form input[type="file"]')).not.toBeNull();
      expect(html).toContain(
        '<title>Apply now to Night Nurse &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Careers Portal</title>',
      );
      expect(html).toContain(`<link rel="canonical" href="https://jobs.example.com/apply/${LIVE.id}">`);
      expect(html).toMatch(/<meta name="description" content="St Mary &amp; Co, Leeds: Care for patients/);
      expect(html).toContain(
        '<meta property="og:title" content="Night Nurse &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; at St Mary &amp; Co">',
      );
      expect(html).toContain('<meta name="twitter:card" content="summary">');
      // One </script> only per script element: the title's own cannot end the JSON-LD or the page data early.
      expect(html.match(/<\/script>/g)).toHaveLength(3);
      // Its scripts start after the first paint (0216): no module script in the page, one inline loader at
      // the end of the body that the Content-Security-Policy names by its hash and nothing else inline.
      expect(html).not.toContain('<script type="module"');
      const loader = /<script>(.*?)<\/script><\/body>/.exec(html)?.[1] ?? '';
      expect(loader).toContain('"/assets/index-1.js"');
      // The run-time settings open it, so the page needs no request for /config.js before it paints.
      expect(loader).toMatch(
        /^window\.__PORTAL_CONFIG__ = \{"identityBaseUrl": .*"blobBaseUrl": "https:\/\/blobs\.example\.com\/pub".*\};\(function\(\)\{/,
      );
      const csp = String(response.headers['content-security-policy']);
      const hash = createHash('sha256').update(loader).digest('base64');
      expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
      expect(csp.match(/'sha256-/g)).toHaveLength(1);
      expect(jsonLdOf(html)).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'JobPosting',
        title: LIVE.title,
        description: descriptionHtml(LIVE.description),
        hiringOrganization: {
          '@type': 'Organization',
          name: 'St Mary & Co',
          logo: expect.stringMatching(/^https:\/\/blobs\.example\.com\/pub\/businesses\/0b8f3c9e\/logo\.png/),
        },
        jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Leeds' } },
        directApply: true,
      });
      // The browser hydrates with the same job and logo address.
      const data = /<script type="application\/json" id="server-page-data">(.*?)<\/script>/.exec(html)?.[1] ?? '';
      expect(JSON.parse(data)).toEqual({
        jobId: LIVE.id,
        job: LIVE,
        logoUrl: expect.stringContaining('/logo.png?v='),
        facts: [{ label: 'Location', value: 'Leeds' }],
      });
    },
  );

  it('is sent compressed, br or gzip as the browser allows, and decompresses to the same page', async () => {
    // The logo's cache-busting number is drawn per request (product.md §9).
    const same = (html: string) => html.replace(/\?v=\d+/g, '?v=N');
    const plain = await app.inject(`/apply/${LIVE.id}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const br = await app.inject({ url: `/apply/${LIVE.id}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(same(brotliDecompressSync(br.rawPayload).toString())).toBe(same(plain.body));
    const gzip = await app.inject({ url: `/apply/${LIVE.id}`, headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(same(gunzipSync(gzip.rawPayload).toString())).toBe(same(plain.body));
    const none = await app.inject({ url: `/apply/${LIVE.id}`, headers: { 'accept-encoding': 'identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(same(none.body)).toBe(same(plain.body));
  });

  it('answers a closed job with 200, its CV-drop offer, and no JobPosting', async () => {
    const response = await app.inject(`/apply/${CLOSED.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('This job is no longer accepting applications.');
    expect(response.body.replaceAll('<!-- -->', '')).toContain('You can still send your CV to St Mary &amp; Co');
    expect(jsonLdOf(response.body)).toBeNull();
    // Rendered after the live job by the same server: nothing of that page carries over.
    expect(response.body).not.toContain('Night Nurse');
  });

  it.each([UNKNOWN, 'not-a-job-id'])(
    'answers an unknown job (%s) with 404 and SPEC’s message, not indexed',
    async (jobId) => {
      const response = await app.inject(`/apply/${jobId}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('Error in fetching the job.');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(jsonLdOf(response.body)).toBeNull();
    },
  );

  it('holds an employer text with every $ replacement pattern verbatim, at its normal size', async () => {
    const normal = await app.inject(`/apply/${LIVE.id}`);
    const response = await app.inject(`/apply/${DOLLAR.id}`);
    expect(response.statusCode).toBe(200);
    // As a replacement string, $` and $' would have copied the whole page into it at each occurrence.
    expect(response.body.length).toBeLessThan(normal.body.length * 1.5);
    const html = response.body.replaceAll('<!-- -->', '');
    const escaped = (text: string) =>
      text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll("'", '&#39;');
    expect(html).toContain(`<title>Apply now to ${escaped(DOLLAR.title)} · Careers Portal</title>`);
    expect(html).toContain(
      `<meta property="og:title" content="${escaped(`${DOLLAR.title} at ${DOLLAR.businessName}`)}">`,
    );
    expect(html).toContain(
      `<meta name="description" content="${escaped(summarise(`${DOLLAR.businessName}, Leeds: ${DOLLAR.description}`))}" />`,
    );
    // The renderer's own escaping in the rendered page, read back as a browser reads it.
    const heading = new JSDOM(html).window.document.querySelector('#root h1');
    expect(heading?.textContent).toBe(`Apply now to ${DOLLAR.title}`);
    expect(jsonLdOf(html)).toMatchObject({
      title: DOLLAR.title,
      description: descriptionHtml(DOLLAR.description),
      hiringOrganization: { name: DOLLAR.businessName },
    });
    const data = /<script type="application\/json" id="server-page-data">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(data)).toMatchObject({ job: DOLLAR });
    // The page's own markup appears once: nothing of it was copied in.
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });

  it('reads a job from the candidate service once for many visitors', async () => {
    const before = jobRequests;
    await Promise.all([app.inject(`/apply/${CLOSED.id}`), app.inject(`/apply/${CLOSED.id}`)]);
    await app.inject(`/apply/${CLOSED.id}`);
    expect(jobRequests - before).toBe(0);
  });

  it('falls back to the page rendered in the browser when the candidate service does not answer', async () => {
    const response = await downApp.inject(`/apply/${LIVE.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('server-page-data');
    // Rendered in the browser: its script loads at once, under the policy without inline scripts.
    expect(response.body).toContain('<script type="module" src="/assets/index-1.js"></script>');
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self';");
  });

  it('keeps every other route as it was: index.html for the browser to render', async () => {
    const response = await app.inject('/account/login');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
  });
});

describe('job source', () => {
  it('never sends the candidate service a path made from anything but a job id', async () => {
    const find = createJobSource({ candidateBaseUrl: candidateUrl });
    const before = jobRequests;
    for (const jobId of ['../business/jobs', 'x?admin=1', '%2e%2e', ''])
      await expect(find(jobId)).resolves.toEqual({ kind: 'missing' });
    expect(jobRequests - before).toBe(0);
  });

  it('gives up after its timeout and asks again next time', async () => {
    const slow = createServer(() => undefined);
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const find = createJobSource({
        candidateBaseUrl: `http://127.0.0.1:${(slow.address() as AddressInfo).port}`,
        timeoutMs: 100,
      });
      const started = Date.now();
      await expect(find(LIVE.id)).resolves.toEqual({ kind: 'unavailable' });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });

  it('forgets a job after its time to live', async () => {
    let clock = 0;
    const find = createJobSource({ candidateBaseUrl: candidateUrl, ttlMs: 1_000, now: () => clock });
    const before = jobRequests;
    await find(LIVE.id);
    clock = 999;
    await find(LIVE.id);
    clock = 1_000;
    await expect(find(LIVE.id)).resolves.toEqual({ kind: 'found', job: LIVE });
    expect(jobRequests - before).toBe(2);
  });
});

describe('page text helpers', () => {
  it('escapes JSON for a script element', () => {
    expect(jsonForScript({ text: '</script><!-- & \u2028' })).toBe(
      '{"text":"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028"}',
    );
  });

  it('summarises long descriptions at a word', () => {
    const summary = summarise('word '.repeat(100));
    expect(summary.length).toBeLessThanOrEqual(160);
    expect(summary.endsWith('word…')).toBe(true);
  });

  it('leaves index.html alone where it has no root to fill', () => {
    const html = composeApplyPage('<html><head><title>x</title></head><body></body></html>', {
      page: { jobId: 'j', job: null, logoUrl: null },
      body: '<p>x</p>',
      pageUrl: 'https://p/apply/j',
      logoUrl: null,
    });
    expect(html).not.toContain('<p>x</p>');
  });
});

describe('the JobPosting that job boards read', () => {
  const LOGO = 'https://blobs.example.com/logo.png';
  const PAGE = 'https://jobs.example.com/apply/x';
  const posting = (changes: Partial<Job>) => jobPostingJsonLd({ ...LIVE, ...changes }, LOGO, PAGE);

  it('carries the posted date, hours, full address and a salary range with its period', () => {
    expect(
      posting({
        postedOn: '2026-11-20T09:00:00.000Z',
        fullTime: true,
        partTime: true,
        jobType: 2,
        addressLine1: '1 Park Row',
        city: 'Leeds',
        region: 'West Yorkshire',
        postcode: 'LS1 5AB',
        remote: false,
        salaryRateType: 1,
        salaryAmount: null,
        salaryFrom: 15,
        salaryTo: 20,
        salaryCurrency: 'GBP',
      }),
    ).toMatchObject({
      datePosted: '2026-11-20T09:00:00.000Z',
      employmentType: ['FULL_TIME', 'PART_TIME', 'CONTRACTOR'],
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '1 Park Row',
          addressLocality: 'Leeds',
          addressRegion: 'West Yorkshire',
          postalCode: 'LS1 5AB',
        },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'GBP',
        value: { '@type': 'QuantitativeValue', minValue: 15, maxValue: 20, unitText: 'HOUR' },
      },
      directApply: true,
    });
  });

  it('states a single yearly amount, and a remote job as TELECOMMUTE', () => {
    const jsonLd = posting({
      fullTime: true,
      partTime: false,
      jobType: 1,
      remote: true,
      salaryRateType: 3,
      salaryAmount: 32000,
      salaryCurrency: 'GBP',
    });
    expect(jsonLd).toMatchObject({
      employmentType: 'FULL_TIME',
      jobLocationType: 'TELECOMMUTE',
      baseSalary: { currency: 'GBP', value: { value: 32000, unitText: 'YEAR' } },
    });
  });

  it('leaves the salary out when its amount, currency or period is unknown', () => {
    expect(posting({ salaryRateType: 0, salaryAmount: 30000, salaryCurrency: 'GBP' })).not.toHaveProperty('baseSalary');
    expect(posting({ salaryRateType: 3, salaryAmount: 30000, salaryCurrency: null })).not.toHaveProperty('baseSalary');
    expect(
      posting({ salaryRateType: 3, salaryAmount: null, salaryFrom: null, salaryTo: null, salaryCurrency: 'GBP' }),
    ).not.toHaveProperty('baseSalary');
    expect(posting({ remote: false })).not.toHaveProperty('jobLocationType');
    // A hybrid job is partly on site: a place, not TELECOMMUTE (which Google reads as fully remote).
    expect(posting({ remote: false, workplace: 'Hybrid', city: 'Leeds' })).not.toHaveProperty('jobLocationType');
  });

  it('gives no JobPosting for a closed job', () => {
    expect(posting({ isLive: false })).toBeNull();
  });
});

describe("crawlers' fetches of an apply page", () => {
  it("tells the candidate service with its credential and the crawler's User-Agent; a browser's visit and an unknown job are not told", async () => {
    crawlerReports.length = 0;
    const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0';
    expect((await app.inject({ url: `/apply/${LIVE.id}`, headers: { 'user-agent': googlebot } })).statusCode).toBe(200);
    expect((await app.inject({ url: `/apply/${LIVE.id}`, headers: { 'user-agent': firefox } })).statusCode).toBe(200);
    expect((await app.inject({ url: `/apply/${UNKNOWN}`, headers: { 'user-agent': googlebot } })).statusCode).toBe(404);
    await expect.poll(() => crawlerReports.length, { timeout: 5_000 }).toBe(1);
    // A moment more: a second report would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(crawlerReports).toEqual([
      {
        url: `/internal/jobs/${LIVE.id}/crawler-fetches`,
        authorization: `Bearer ${CRAWLER_REPORT_TOKEN}`,
        body: { userAgent: googlebot },
      },
    ]);
  });

  it("uses the candidate service's private address, and the embedded default's generated credential when none is set", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-data-'));
    const generated = 'generated-crawler-report-token-'.padEnd(48, 'g');
    const embedded = await portal(candidateUrl, {
      CRAWLER_REPORT_TOKEN: '',
      DATA_DIR: dataDir,
      // The fake service answers any path: the prefix shows which address the report went to.
      CANDIDATE_INTERNAL_URL: `${candidateUrl}/private`,
    });
    try {
      await mkdir(join(dataDir, 'internal-secrets'));
      await writeFile(join(dataDir, 'internal-secrets', 'crawler-report.secret'), `${generated}\n`);
      crawlerReports.length = 0;
      const bingbot = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
      expect((await embedded.inject({ url: `/apply/${LIVE.id}`, headers: { 'user-agent': bingbot } })).statusCode).toBe(
        200,
      );
      await expect.poll(() => crawlerReports.length, { timeout: 5_000 }).toBe(1);
      expect(crawlerReports).toEqual([
        {
          url: `/private/internal/jobs/${LIVE.id}/crawler-fetches`,
          authorization: `Bearer ${generated}`,
          body: { userAgent: bingbot },
        },
      ]);
    } finally {
      await embedded.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
