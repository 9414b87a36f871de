// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type Server } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import type { Job } from '@careers/contracts/candidate';
import type { CareersPage, JobSearchResult, JobSummary } from '@careers/contracts/careers';
import type { ScreeningQuestion } from '@careers/contracts/screening-values';
import { parsePortalEnv } from './config';

/*
 * Every server-rendered page in full on the first request after a start (docs/decisions/0495): a part in a
 * chunk of its own (the screening questions) once made the first apply page of a job with questions fall back
 * to index.html, without title, link preview or JobPosting, until the next request. Each page here is asked
 * of a portal server built on a fresh module graph, as a new process has it: no chunk loaded yet.
 */

const BUSINESS_WITH_LOGO = { id: '0b8f3c9e-1d2a-4c3b-8e5f-6a7b8c9d0e1f', name: 'St Mary & Co', slug: 'st-mary' };
const BUSINESS_WITHOUT_LOGO = { id: '1c9a4d87-2e3b-4d4c-9f6a-7b8c9d0e1f2a', name: 'Quiet Ltd', slug: 'quiet' };
const QUESTIONS: ScreeningQuestion[] = [
  { id: 'q1', kind: 'yesNo', text: 'Do you hold a driving licence?', required: true, expected: true },
  { id: 'q2', kind: 'oneOf', text: 'Which shift suits you?', required: false, options: ['Day', 'Night'] },
  { id: 'q3', kind: 'number', text: 'Years of experience?', required: false, min: 2 },
  { id: 'q4', kind: 'text', text: 'Anything else?', required: false },
];

interface Settings {
  screening: boolean;
  /** The business keeps applications for its other roles with consent (its retention's pool days). */
  talentPool: boolean;
  replyPromise: boolean;
  logo: boolean;
  live: boolean;
}

const flags = ['screening', 'talentPool', 'replyPromise', 'logo', 'live'] as const;
const COMBINATIONS: Settings[] = Array.from({ length: 2 ** flags.length }, (_, bits) => {
  const settings = Object.fromEntries(flags.map((flag, index) => [flag, (bits & (1 << index)) !== 0]));
  return settings as unknown as Settings;
});
const nameOf = (s: Settings) =>
  flags.map((flag) => (flag === 'live' ? (s.live ? 'open' : 'closed') : `${s[flag] ? '' : 'no '}${flag}`)).join(', ');

const jobOf = (s: Settings, index: number): Job => {
  const business = s.logo ? BUSINESS_WITH_LOGO : BUSINESS_WITHOUT_LOGO;
  return {
    id: `6f1c2a43-6a0e-4a51-9a44-${String(index).padStart(12, '0')}`,
    title: `Night Nurse ${index}`,
    description: 'Care for patients on the night shift.\n\nNights only.',
    businessId: business.id,
    businessName: business.name,
    businessSlug: business.slug,
    imageRelativeDirectory: s.logo ? 'businesses/0b8f3c9e' : '',
    isLive: s.live,
    city: 'Leeds',
    postedOn: '2026-11-20T10:00:00.000Z',
    fullTime: true,
    ...(s.screening ? { screeningQuestions: QUESTIONS } : {}),
    ...(s.talentPool ? { talentPoolDays: 180 } : {}),
    ...(s.replyPromise ? { replyWithinDays: 14 } : {}),
  };
};
const JOBS = COMBINATIONS.map(jobOf);

const summaryOf = (job: Job): JobSummary => ({
  id: job.id,
  title: job.title,
  businessName: job.businessName,
  businessSlug: job.businessSlug ?? '',
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
  ...(job.replyWithinDays ? { replyWithinDays: job.replyWithinDays } : {}),
});
const OPEN = JOBS.filter((job) => job.isLive).map(summaryOf);
const careersPageOf = (business: typeof BUSINESS_WITH_LOGO, logo: boolean): CareersPage => ({
  business: {
    ...business,
    city: 'Leeds',
    about: `${business.name} cares.`,
    imageRelativeDirectory: logo ? 'businesses/0b8f3c9e' : '',
  },
  jobs: OPEN.filter((job) => job.businessSlug === business.slug),
});
const CAREERS = [careersPageOf(BUSINESS_WITH_LOGO, true), careersPageOf(BUSINESS_WITHOUT_LOGO, false)];
const SEARCH: JobSearchResult = {
  jobs: OPEN,
  page: 1,
  pageSize: 20,
  hasNextPage: false,
  total: OPEN.length,
  totalIsAtLeast: false,
};

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta name="description" content="Careers Portal." /><title>Careers Portal</title><script src="/config.js"></script><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div><script type="module" src="/assets/index-1.js"></script></body></html>';

const SCREENING_CSS = '.screening{border:0}';
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'] },
  'src/app/routes/apply.tsx': { file: 'assets/apply-1.js', imports: ['index.html'] },
  'src/features/apply/components/screening-questions.tsx': {
    file: 'assets/screening-questions-1.js',
    imports: ['index.html'],
    css: ['assets/screening-questions-1.css'],
  },
};

let candidate: Server;
let candidateUrl: string;
let dist: string;

beforeAll(async () => {
  candidate = createServer((request, response) => {
    const url = request.url ?? '';
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'POST') return void response.writeHead(204).end();
    const job = JOBS.find((candidateJob) => url === `/job/${candidateJob.id}`);
    if (job) return send(200, job);
    const careers = CAREERS.find((page) => url === `/careers/${page.business.slug}`);
    if (careers) return send(200, careers);
    if (url.startsWith('/jobs')) return send(200, SEARCH);
    return send(404, { title: 'Not found.', status: 404 });
  });
  await new Promise<void>((resolve) => candidate.listen(0, '127.0.0.1', resolve));
  candidateUrl = `http://127.0.0.1:${(candidate.address() as AddressInfo).port}`;
  dist = await mkdtemp(join(tmpdir(), 'portal-first-request-'));
  await writeFile(join(dist, 'index.html'), INDEX_HTML);
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'assets', 'index-1.css'), '.apply-card{margin:0 auto}');
  // The build's manifest, as far as the apply page and the questions' own chunk go.
  await mkdir(join(dist, '.vite'));
  await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  await writeFile(join(dist, 'assets', 'screening-questions-1.css'), SCREENING_CSS);
});

afterAll(async () => {
  await new Promise((resolve) => candidate.close(resolve));
  await rm(dist, { recursive: true, force: true });
});

/** The first request to a portal server started on modules loaded anew (no part's chunk loaded), and its log. */
async function firstRequest(url: string): Promise<{ status: number; html: string; log: string }> {
  vi.resetModules();
  const [{ buildPortalServer }, { renderApplyPage }] = await Promise.all([
    import('./server'),
    import('../src/entry-server'),
  ]);
  const parsed = parsePortalEnv({
    CANDIDATE_URL: candidateUrl,
    PORTAL_URL: 'https://jobs.example.com/',
    PUBLIC_BLOB_BASE_URL: 'https://blobs.example.com/pub',
  });
  if (!parsed.ok) throw new Error(parsed.problems.join());
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = await buildPortalServer(
    { ...parsed.config, distDir: dist },
    { renderApplyPage, jobSource: { timeoutMs: 5_000 }, logger: true, logStream },
  );
  try {
    const response = await app.inject(url);
    // React separates adjacent text with empty comments; they are not part of what a reader sees.
    return { status: response.statusCode, html: response.body.replaceAll('<!-- -->', ''), log: lines.join('') };
  } finally {
    await app.close();
  }
}

const documentOf = (html: string) => new JSDOM(html).window.document;
const meta = (document: Document, selector: string) => document.querySelector(selector)?.getAttribute('content');
const jsonLdOf = (document: Document) => {
  const script = document.querySelector('script[type="application/ld+json"]');
  return script ? (JSON.parse(script.textContent ?? '') as Record<string, unknown>) : null;
};
const logoPattern = (logo: boolean) =>
  new RegExp(`^https://blobs\\.example\\.com/pub/${logo ? 'businesses/0b8f3c9e/' : ''}logo\\.png\\?v=\\d+$`);

describe('the first request after a start', () => {
  it.each(COMBINATIONS.map((settings, index) => [nameOf(settings), settings, index] as const))(
    'renders the apply page in full: %s',
    { timeout: 30_000 },
    async (_name, settings, index) => {
      const job = JOBS[index]!;
      const { status, html, log } = await firstRequest(`/apply/${job.id}?utm_source=board`);
      expect(log).not.toContain('server rendering of a page failed');
      expect(status).toBe(200);
      const document = documentOf(html);
      const root = document.getElementById('root')!;
      expect(root.children.length, 'the page is in #root').toBeGreaterThan(0);
      // The head that search engines and link previews read.
      expect(document.title).toBe(`Apply now to ${job.title} · Careers Portal`);
      const pageUrl = `https://jobs.example.com/apply/${job.id}`;
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(pageUrl);
      expect(meta(document, 'meta[property="og:title"]')).toBe(`${job.title} at ${job.businessName}`);
      expect(meta(document, 'meta[property="og:url"]')).toBe(pageUrl);
      expect(meta(document, 'meta[property="og:description"]')).toContain('Care for patients');
      expect(meta(document, 'meta[property="og:image"]')).toMatch(logoPattern(settings.logo));
      expect(meta(document, 'meta[name="twitter:card"]')).toBe('summary');
      const jsonLd = jsonLdOf(document);
      if (settings.live)
        expect(jsonLd).toMatchObject({
          '@type': 'JobPosting',
          title: job.title,
          hiringOrganization: { name: job.businessName, logo: expect.stringMatching(logoPattern(settings.logo)) },
          directApply: true,
          url: pageUrl,
        });
      else expect(jsonLd).toBeNull();
      // The page itself: the job, then the form with every part the job's settings add.
      expect(root.querySelector('h1')?.textContent).toContain(job.title);
      expect(root.querySelector('.apply-header__image')?.getAttribute('src')).toMatch(logoPattern(settings.logo));
      expect(root.querySelector('section.job-details')?.textContent).toContain('Care for patients');
      const form = root.querySelector('form');
      expect(form, 'the form').not.toBeNull();
      const labels = [...form!.querySelectorAll('label')].map((label) => label.textContent);
      for (const label of ['Name', 'Email', 'Phone', 'Post code']) expect(labels).toContain(label);
      expect(form!.querySelector('input[type="file"]')).not.toBeNull();
      expect(form!.querySelector('button[type="submit"]')).not.toBeNull();
      const text = root.textContent ?? '';
      expect(text.includes('This job is no longer accepting applications.')).toBe(!settings.live);
      // A closed job takes a CV for other roles: no questions, no consent, no promise.
      const screening = form!.querySelector('section.screening');
      if (settings.live && settings.screening) {
        expect(screening?.querySelector('h3')?.textContent).toBe(`Questions from ${job.businessName}`);
        for (const question of QUESTIONS) expect(screening?.textContent).toContain(question.text);
        expect(screening?.querySelectorAll('input, select, textarea').length).toBeGreaterThanOrEqual(QUESTIONS.length);
      } else expect(screening).toBeNull();
      // The questions' stylesheet is in the first paint exactly when they are rendered; their script is not.
      expect(html.includes(`<style>${SCREENING_CSS}</style>`)).toBe(settings.live && settings.screening);
      expect(html).not.toContain('screening-questions-1.js');
      expect(text.includes(`Keep my application for other roles at ${job.businessName} until`)).toBe(
        settings.live && settings.talentPool,
      );
      expect(text.includes('We reply within 14 days.')).toBe(settings.live && settings.replyPromise);
      // The browser hydrates with the same job.
      expect(JSON.parse(document.getElementById('server-page-data')?.textContent ?? '{}')).toMatchObject({
        jobId: job.id,
        job,
      });
    },
  );

  it.each([
    ['with a logo', CAREERS[0]!, true],
    ['without a logo', CAREERS[1]!, false],
  ] as const)('renders a careers page in full: %s', { timeout: 30_000 }, async (_name, page, logo) => {
    const { status, html, log } = await firstRequest(`/careers/${page.business.slug}`);
    expect(log).not.toContain('server rendering of a page failed');
    expect(status).toBe(200);
    const document = documentOf(html);
    expect(document.title).toBe(`Careers at ${page.business.name} · Careers Portal`);
    expect(meta(document, 'meta[property="og:title"]')).toBe(`Careers at ${page.business.name}`);
    expect(meta(document, 'meta[property="og:image"]')).toMatch(logoPattern(logo));
    const root = document.getElementById('root')!;
    expect(root.querySelector('h1')?.textContent).toBe(`Careers at ${page.business.name}`);
    expect(root.querySelector('.careers__logo img')?.getAttribute('src')).toMatch(logoPattern(logo));
    const cards = [...root.querySelectorAll('.job-card')];
    expect(cards.map((card) => card.querySelector('.job-card__title a')?.getAttribute('href'))).toEqual(
      page.jobs.map((job) => `/apply/${job.id}`),
    );
    expect(cards.filter((card) => card.textContent?.includes('Within 14 days'))).toHaveLength(
      page.jobs.filter((job) => job.replyWithinDays).length,
    );
    // Its parts, hydrated on their first use, are in the server's page: the CV drop and the job alert.
    expect(root.querySelector('.careers__cv form')).not.toBeNull();
    expect(root.querySelector('.careers__cv button[type="submit"]')?.textContent).toContain('Send my CV');
    expect(root.querySelector('form[data-job-alert-signup]')).not.toBeNull();
  });

  it('renders /jobs in full', { timeout: 30_000 }, async () => {
    const { status, html, log } = await firstRequest('/jobs');
    expect(log).not.toContain('server rendering of a page failed');
    expect(status).toBe(200);
    const document = documentOf(html);
    expect(document.title).toBe('Find a job · Careers Portal');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://jobs.example.com/jobs');
    const root = document.getElementById('root')!;
    expect(root.querySelector('form[role="search"]')).not.toBeNull();
    expect(root.querySelectorAll('.job-card')).toHaveLength(OPEN.length);
    expect(root.querySelector('form[data-job-alert-signup]')).not.toBeNull();
  });
});
