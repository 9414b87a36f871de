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
import type { CareersPage, JobSearchResult, JobSummary, SitemapEntries } from '@careers/contracts/careers';
import { buildPortalServer } from './server';
import { parsePortalEnv } from './config';
import { jobPostingJsonLd } from './apply-page';
import { sitemapXml } from './careers-pages';
import { renderApplyPage } from '../src/entry-server';

const BUSINESS_ID = '0b8f3c9e-1d2a-4c3b-8e5f-6a7b8c9d0e1f';
const summary = (id: string, title: string, changes: Partial<JobSummary> = {}): JobSummary => ({
  id,
  title,
  businessName: 'Acme & Sons',
  businessSlug: 'acme',
  city: 'Leeds',
  region: null,
  remote: false,
  workplace: 'OnSite',
  fullTime: true,
  partTime: false,
  jobType: 1,
  salaryRateType: 3,
  salaryAmount: null,
  salaryFrom: 30000,
  salaryTo: 36000,
  salaryCurrency: 'GBP',
  salaryNegotiable: false,
  postedOn: '2026-11-20T10:00:00.000Z',
  validThrough: '2027-01-19T10:00:00.000Z',
  ...changes,
});
const WELDER = summary('6f1c2a43-6a0e-4a51-9a44-0d2b6a6f0a11', 'Welder </script><b>now</b>');
const REMOTE = summary('7a2d3b54-7b1f-4b62-8b55-1e3c7b7f1b22', 'Remote developer', {
  remote: true,
  workplace: 'Remote',
  city: null,
  salaryFrom: null,
  salaryTo: null,
  salaryCurrency: null,
});
const ACME: CareersPage = {
  business: {
    id: BUSINESS_ID,
    name: 'Acme & Sons',
    slug: 'acme',
    city: 'Leeds',
    about: 'We weld <script>alert(1)</script> bridges.\n\nSince 1920.',
    imageRelativeDirectory: 'businesses/0b8f3c9e',
  },
  jobs: [WELDER, REMOTE],
};
const EMPTY: CareersPage = {
  business: {
    ...ACME.business,
    id: '1c9a4d87-2e3b-4d4c-9f6a-7b8c9d0e1f2a',
    name: 'Quiet Ltd',
    slug: 'quiet',
    about: '',
  },
  jobs: [],
};
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta name="description" content="Careers Portal." /><title>Careers Portal</title><script src="/config.js"></script><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div><script type="module" src="/assets/index-1.js"></script></body></html>';

let candidate: Server;
let dist: string;
let app: FastifyInstance;
const asked: string[] = [];
let sitemap: SitemapEntries = { jobs: [], careers: [] };

beforeAll(async () => {
  candidate = createServer((request, response) => {
    const url = request.url ?? '';
    asked.push(url);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url === '/careers/acme' || url === '/careers/acme-old') return send(200, ACME);
    if (url === '/careers/quiet') return send(200, EMPTY);
    if (url.startsWith('/jobs')) {
      const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? '1');
      const result: JobSearchResult = {
        jobs: page === 1 ? [WELDER, REMOTE] : [],
        page,
        pageSize: 20,
        hasNextPage: page === 1,
        total: 1200,
        totalIsAtLeast: true,
      };
      return send(200, result);
    }
    if (url === '/sitemap-entries') return send(200, sitemap);
    return send(404, { title: 'There is no careers page at this address.', status: 404 });
  });
  await new Promise<void>((resolve) => candidate.listen(0, '127.0.0.1', resolve));
  dist = await mkdtemp(join(tmpdir(), 'portal-careers-'));
  await writeFile(join(dist, 'index.html'), INDEX_HTML);
  await writeFile(join(dist, 'robots.txt'), 'User-agent: *\nAllow: /apply/\n');
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'assets', 'index-1.css'), '.careers{margin:0}');
  const parsed = parsePortalEnv({
    CANDIDATE_URL: `http://127.0.0.1:${(candidate.address() as AddressInfo).port}`,
    PORTAL_URL: 'https://jobs.example.com/',
    PUBLIC_BLOB_BASE_URL: 'https://blobs.example.com/pub',
  });
  if (!parsed.ok) throw new Error(parsed.problems.join());
  app = await buildPortalServer(
    { ...parsed.config, distDir: dist },
    { renderApplyPage, jobSource: { timeoutMs: 2000, ttlMs: 0 } },
  );
});

afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => candidate.close(resolve));
  await rm(dist, { recursive: true, force: true });
});

const rootOf = (html: string) => new JSDOM(html).window.document;

describe('careers pages and /jobs, server-rendered through the first-paint seam', () => {
  it(
    'a careers page: logo, name, city, about us as text, open jobs linking to their apply pages, the CV drop',
    { timeout: 30_000 },
    async () => {
      const response = await app.inject('/careers/acme');
      expect(response.statusCode).toBe(200);
      const document = rootOf(response.body);
      expect(document.title).toBe('Careers at Acme & Sons · Careers Portal');
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
        'https://jobs.example.com/careers/acme',
      );
      const root = document.getElementById('root')!;
      expect(root.querySelector('h1')?.textContent).toBe('Careers at Acme & Sons');
      expect(root.querySelector('.careers__city')?.textContent).toBe('Leeds');
      expect(root.querySelector('.careers__logo img')?.getAttribute('src')).toMatch(
        /^https:\/\/blobs\.example\.com\/pub\/businesses\/0b8f3c9e\/logo\.png\?v=\d+$/,
      );
      // The logo waits for the heading: fetched at high priority it delayed a phone's LCP to 1.23x the bare page.
      expect(root.querySelector('.careers__logo img')?.getAttribute('fetchpriority')).toBe('low');
      // The employer's words are text: no element of theirs reaches the page.
      expect(root.querySelector('.careers__about')?.textContent).toContain(
        'We weld <script>alert(1)</script> bridges.',
      );
      expect(root.querySelectorAll('script')).toHaveLength(0);
      const links = [...root.querySelectorAll('.job-card__title a')].map((a) => [
        a.textContent,
        a.getAttribute('href'),
      ]);
      expect(links).toEqual([
        [WELDER.title, `/apply/${WELDER.id}`],
        [REMOTE.title, `/apply/${REMOTE.id}`],
      ]);
      const cards = [...root.querySelectorAll('.job-card')].map((card) => card.textContent);
      expect(cards[0]).toContain('Leeds');
      expect(cards[0]).toContain('Full time');
      expect(cards[0]).toContain('£30,000 – £36,000 a year');
      expect(cards[0]).toContain('20 Nov 2026');
      expect(cards[1]).toContain('Remote');
      expect(cards[1]).not.toContain('Salary');
      // "Send us your CV": the apply page's CV drop form, server-rendered too.
      expect(root.querySelector('.careers__cv h2')?.textContent).toBe('Send us your CV');
      expect(root.querySelector('.careers__cv form')).not.toBeNull();
      expect(root.querySelector('.careers__cv button[type="submit"]')?.textContent).toContain('Send my CV');
      // The same seam as the apply page: one inline script after the paint, named in the CSP.
      expect(response.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+';/);
      expect(response.body).toContain('<style>.careers{margin:0}</style>');
      const data = JSON.parse(document.getElementById('server-page-data')?.textContent ?? '{}');
      expect(data).toMatchObject({ kind: 'careers', slug: 'acme', page: ACME });
    },
  );

  it('a business with no open job says so, and still takes CVs', async () => {
    const root = rootOf((await app.inject('/careers/quiet')).body).getElementById('root')!;
    expect(root.querySelector('.empty-state__title')?.textContent).toBe('No open jobs right now');
    expect(root.querySelector('.careers__cv form')).not.toBeNull();
  });

  it('a former slug answers 301 to the current page; an unknown one 404', async () => {
    const moved = await app.inject('/careers/acme-old?utm_source=x');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/careers/acme?utm_source=x');
    expect((await app.inject('/careers/nobody')).statusCode).toBe(404);
    expect((await app.inject('/careers/..%2Fjob')).statusCode).toBe(404);
  });

  it('/jobs keeps every filter in the address: the form shows them, the service gets them, the pages keep them', async () => {
    asked.length = 0;
    const response = await app.inject(
      '/jobs?location=Leeds&q=welder&remote=1&hours=part&contract=contract&salary=1&junk=1',
    );
    expect(response.statusCode).toBe(200);
    expect(asked).toContain('/jobs?q=welder&location=Leeds&remote=1&hours=part&contract=contract&salary=1');
    const document = rootOf(response.body);
    expect(document.title).toBe('Jobs matching “welder” · Careers Portal');
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, follow');
    const form = document.querySelector('form[role="search"]')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/jobs');
    expect((form.querySelector('[name="q"]') as HTMLInputElement).value).toBe('welder');
    expect((form.querySelector('[name="location"]') as HTMLInputElement).value).toBe('Leeds');
    expect((form.querySelector('[name="remote"]') as HTMLInputElement).checked).toBe(true);
    expect((form.querySelector('[name="salary"]') as HTMLInputElement).checked).toBe(true);
    expect(form.querySelector('[name="hours"] option[selected]')?.getAttribute('value')).toBe('part');
    expect(form.querySelector('[name="contract"] option[selected]')?.getAttribute('value')).toBe('contract');
    expect(document.querySelectorAll('.job-card')).toHaveLength(2);
    // How many match, the business's careers page from each card, and the feeds.
    expect(document.querySelector('.job-search__count')?.textContent).toBe('More than 1,200 jobs');
    expect(document.querySelector('.job-card .list-card__subtitle a')?.getAttribute('href')).toBe('/careers/acme');
    expect([...document.querySelectorAll('.job-search__feeds a')].map((a) => a.getAttribute('href'))).toEqual([
      '/feeds/jobs.xml',
      '/feeds/jobs.json',
    ]);
    expect(document.querySelector('a[rel="next"]')?.getAttribute('href')).toBe(
      '/jobs?q=welder&location=Leeds&remote=1&hours=part&contract=contract&salary=1&page=2',
    );
    const all = rootOf((await app.inject('/jobs')).body);
    expect(all.title).toBe('Find a job · Careers Portal');
    expect(all.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('/sitemap.xml lists open apply pages and careers pages with lastmod, as the sitemap schema has it; robots.txt names it', async () => {
    sitemap = {
      jobs: [{ id: WELDER.id, lastmod: '2026-11-20T10:00:00.123Z' }],
      careers: [{ slug: 'acme', lastmod: '2026-11-21T08:30:00.000Z' }],
    };
    const response = await app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = new new JSDOM('').window.DOMParser().parseFromString(response.body, 'application/xml');
    expect(xml.getElementsByTagName('parsererror')).toHaveLength(0);
    const urlset = xml.documentElement;
    expect(urlset.localName).toBe('urlset');
    expect(urlset.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = [...urlset.children];
    expect(urls.every((url) => url.localName === 'url' && url.namespaceURI === urlset.namespaceURI)).toBe(true);
    const entries = urls.map((url) => ({
      loc: url.getElementsByTagName('loc')[0]?.textContent,
      lastmod: url.getElementsByTagName('lastmod')[0]?.textContent,
    }));
    expect(entries).toEqual([
      { loc: `https://jobs.example.com/apply/${WELDER.id}`, lastmod: '2026-11-20T10:00:00+00:00' },
      { loc: 'https://jobs.example.com/careers/acme', lastmod: '2026-11-21T08:30:00+00:00' },
    ]);
    // W3C datetime, absolute URLs under 2,048 characters.
    for (const entry of entries) {
      expect(entry.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
      expect(new URL(entry.loc ?? '').origin).toBe('https://jobs.example.com');
      expect((entry.loc ?? '').length).toBeLessThan(2048);
    }
    const robots = await app.inject('/robots.txt');
    expect(robots.body).toContain('Allow: /apply/');
    expect(robots.body).toMatch(/^Sitemap: https:\/\/jobs\.example\.com\/sitemap\.xml$/m);
  });

  it('the sitemap escapes what it holds and stays within 50,000 URLs as the service gives them', () => {
    const many: SitemapEntries = {
      jobs: Array.from({ length: 50_000 }, (_, index) => ({
        id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        lastmod: '2026-11-20T10:00:00.000Z',
      })),
      careers: [],
    };
    const xml = sitemapXml('https://jobs.example.com', many);
    expect(xml.match(/<url>/g)).toHaveLength(50_000);
    expect(Buffer.byteLength(xml)).toBeLessThan(50 * 1024 * 1024);
    expect(
      sitemapXml('https://a.example/?x=1&y=<2>', {
        jobs: [],
        careers: [{ slug: 'a', lastmod: '2026-01-01T00:00:00Z' }],
      }),
    ).toContain('<loc>https://a.example/?x=1&amp;y=&lt;2&gt;/careers/a</loc>');
  });
});

describe("JobPosting JSON-LD against Google's required and recommended fields", () => {
  const job: Job = {
    id: '6f1c2a43-6a0e-4a51-9a44-0d2b6a6f0a11',
    title: 'Welder',
    description: 'MIG & TIG.\nNights.\n\n</script><script>alert(1)</script>',
    businessId: BUSINESS_ID,
    businessName: 'Acme & Sons',
    businessSlug: 'acme',
    imageRelativeDirectory: 'businesses/0b8f3c9e',
    isLive: true,
    city: 'Leeds',
    addressLine1: '1 Dock St',
    region: 'West Yorkshire',
    postcode: 'LS1 1AA',
    postedOn: '2026-11-20T10:00:00.000Z',
    validThrough: '2027-01-19T10:00:00.000Z',
    fullTime: true,
    partTime: false,
    jobType: 1,
    remote: false,
    workplace: 'OnSite',
    salaryRateType: 3,
    salaryFrom: 30000,
    salaryTo: 36000,
    salaryCurrency: 'GBP',
    country: null,
  };
  const LOGO = 'https://blobs.example.com/pub/businesses/0b8f3c9e/logo.png?v=1';
  const PAGE = `https://jobs.example.com/apply/${job.id}`;
  const options = { jobCountry: 'GB', careersUrl: 'https://jobs.example.com/careers/acme' };

  /** Google's JobPosting rules: the required properties, and the recommended ones' shapes. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON-LD read as JSON, checked here field by field.
  function googleProblems(posting: Record<string, any>): string[] {
    const problems: string[] = [];
    for (const key of ['title', 'description', 'datePosted', 'hiringOrganization'])
      if (!posting[key]) problems.push(`missing ${key}`);
    if (!posting.hiringOrganization?.name) problems.push('hiringOrganization.name');
    const remote = posting.jobLocationType === 'TELECOMMUTE';
    if (remote) {
      if (!posting.applicantLocationRequirements?.name) problems.push('applicantLocationRequirements');
    } else if (!posting.jobLocation?.address?.addressCountry) problems.push('jobLocation.address.addressCountry');
    if (posting.validThrough && Number.isNaN(Date.parse(posting.validThrough))) problems.push('validThrough');
    if (posting.baseSalary) {
      const value = posting.baseSalary.value;
      if (!posting.baseSalary.currency || !['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'].includes(value?.unitText))
        problems.push('baseSalary');
    }
    return problems;
  }

  it('an on-site job: every field it has, with a full PostalAddress and the description as escaped HTML', () => {
    const posting = jobPostingJsonLd(job, LOGO, PAGE, options)!;
    expect(googleProblems(posting)).toEqual([]);
    expect(posting).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Welder',
      description: '<p>MIG &amp; TIG.<br>Nights.</p><p>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>',
      identifier: { '@type': 'PropertyValue', name: 'Acme & Sons', value: job.id },
      datePosted: job.postedOn,
      validThrough: job.validThrough,
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Acme & Sons', sameAs: options.careersUrl, logo: LOGO },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '1 Dock St',
          addressLocality: 'Leeds',
          addressRegion: 'West Yorkshire',
          postalCode: 'LS1 1AA',
          addressCountry: 'GB',
        },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'GBP',
        value: { '@type': 'QuantitativeValue', minValue: 30000, maxValue: 36000, unitText: 'YEAR' },
      },
      directApply: true,
      url: PAGE,
    });
  });

  it('a remote job: TELECOMMUTE with where its applicants may live; the job’s own country wins', () => {
    const posting = jobPostingJsonLd(
      {
        ...job,
        remote: true,
        workplace: 'Remote',
        city: null,
        addressLine1: null,
        region: null,
        postcode: null,
        country: 'IE',
      },
      LOGO,
      PAGE,
      options,
    )!;
    expect(googleProblems(posting)).toEqual([]);
    expect(posting.jobLocationType).toBe('TELECOMMUTE');
    expect(posting.applicantLocationRequirements).toEqual({ '@type': 'Country', name: 'IE' });
    expect(posting.jobLocation).toBeUndefined();
  });

  it('a closed or expired job gets none', () => {
    expect(jobPostingJsonLd({ ...job, isLive: false }, LOGO, PAGE, options)).toBeNull();
  });
});
