import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import {
  SLUG_FORMAT,
  SLUG_RESERVED,
  SLUG_TAKEN,
  type CareersPage,
  type JobSearchResult,
} from '@careers/contracts/careers';
import { JOB_CLOSED } from '../src/modules/applications/applications.service';
import { findJob } from '../src/modules/jobs/jobs.service';
import { countMatchingOpenJobs } from '../src/modules/careers/careers.repository';
import { tinyPdf } from './fixtures';
import { newCandidate, startTestApp, uploadCv, type TestApp } from './helpers';

describe.each(databaseKinds())('careers pages, the job search and the sitemap entries, on %s', (kind) => {
  let t: TestApp;
  let acme: Record<string, string>;
  let other: Record<string, string>;
  const day = 24 * 3600 * 1000;

  beforeAll(async () => {
    t = await startTestApp(kind);
    acme = await t.auth(randomUUID(), ['BusinessUser']);
    other = await t.auth(randomUUID(), ['BusinessUser']);
    for (const [headers, name] of [
      [acme, 'Acmé Welding Ltd'],
      [other, 'Acmé  Welding LTD!'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/business', headers, payload: { name, city: 'Leeds' } });
      expect(res.statusCode).toBe(200);
    }
  });
  afterAll(async () => t?.close());

  async function postJob(headers: Record<string, string>, body: Record<string, unknown>) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/business/jobs',
      headers,
      payload: { description: '', city: 'Leeds', ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string; validThrough: string; postedOn: string };
  }

  const settings = async (headers: Record<string, string>) =>
    (await t.app.inject({ url: '/business/careers-page', headers })).json() as { slug: string; about: string };

  it('gives each business a slug from its name, unique with a suffix on a clash', async () => {
    expect(await settings(acme)).toEqual({ slug: 'acme-welding-ltd', about: '' });
    expect(await settings(other)).toEqual({ slug: 'acme-welding-ltd-2', about: '' });
  });

  it('a new job expires 60 days after posting unless the employer sets its expiry', async () => {
    const job = await postJob(acme, { title: 'Expiry check' });
    const days = (Date.parse(job.validThrough) - Date.parse(job.postedOn)) / day;
    expect(days).toBeGreaterThan(59.99);
    expect(days).toBeLessThan(60.01);
    const set = new Date(Date.now() + 10 * day).toISOString();
    const chosen = await postJob(acme, { title: 'Expiry chosen', validThrough: set });
    expect(Date.parse(chosen.validThrough)).toBe(Date.parse(set));
  });

  it('lists only open jobs on the careers page; an expired job reads as closed and takes no application', async () => {
    const open = await postJob(acme, {
      title: 'Open welder',
      salaryFrom: 30000,
      salaryTo: 36000,
      salaryCurrency: 'GBP',
      salaryRateType: 3,
    });
    const closed = await postJob(acme, { title: 'Closed welder', isLive: false });
    const expired = await postJob(acme, {
      title: 'Expired welder',
      validThrough: new Date(Date.now() - 1000).toISOString(),
    });
    const res = await t.app.inject({ url: '/careers/acme-welding-ltd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const page = res.json() as CareersPage;
    expect(page.business).toMatchObject({
      name: 'Acmé Welding Ltd',
      slug: 'acme-welding-ltd',
      city: 'Leeds',
      about: '',
    });
    const ids = page.jobs.map((job) => job.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(closed.id);
    expect(ids).not.toContain(expired.id);
    expect(page.jobs.find((job) => job.id === open.id)).toMatchObject({
      salaryFrom: 30000,
      salaryCurrency: 'GBP',
      businessSlug: 'acme-welding-ltd',
    });
    // Newest first.
    expect(ids[0]).toBe(open.id);

    const expiredJob = (await t.app.inject({ url: `/job/${expired.id}` })).json() as { isLive: boolean };
    expect(expiredJob.isLive).toBe(false);
    // As a closed job: the application is refused with the closed job's words, the open one is taken.
    const candidate = await newCandidate(t);
    const cvId = await uploadCv(t, candidate.headers, 'cv.pdf', tinyPdf('Welder'));
    const applyTo = (jobId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/job-applications',
        headers: candidate.headers,
        payload: { jobId, cvId, readyToWork: true },
      });
    expect((await applyTo(expired.id)).json()).toMatchObject({ isValidResponse: false, errors: [JOB_CLOSED] });
    expect((await applyTo(open.id)).json()).toMatchObject({ isValidResponse: true });
    const again = await t.app.inject({
      url: '/careers/acme-welding-ltd',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject({ url: '/careers/no-such-business' })).statusCode).toBe(404);
  });

  it('the owner changes the slug and the about us; the old slug still finds the page, with the new slug', async () => {
    for (const [slug, message] of [
      ['Acme', SLUG_FORMAT],
      ['ab', SLUG_FORMAT],
      ['-acme', SLUG_FORMAT],
      ['acme--x', SLUG_FORMAT],
      ['jobs', SLUG_RESERVED],
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/business/careers-page',
        headers: acme,
        payload: { slug, about: '' },
      });
      expect(res.statusCode, slug).toBe(400);
      expect(res.body, slug).toContain(message);
    }
    const tooLong = await t.app.inject({
      method: 'PUT',
      url: '/business/careers-page',
      headers: acme,
      payload: { slug: 'acme-welding', about: 'x'.repeat(2001) },
    });
    expect(tooLong.statusCode).toBe(400);
    const taken = await t.app.inject({
      method: 'PUT',
      url: '/business/careers-page',
      headers: other,
      payload: { slug: 'acme-welding-ltd', about: '' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain(SLUG_TAKEN);

    const about = 'We weld <b>bridges</b> & boats.';
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/business/careers-page',
      headers: acme,
      payload: { slug: 'acme-welding', about },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ slug: 'acme-welding', about });
    const byOld = (await t.app.inject({ url: '/careers/acme-welding-ltd' })).json() as CareersPage;
    expect(byOld.business).toMatchObject({ slug: 'acme-welding', about });
    // The old slug stays this business's: another business cannot take it (its links would go elsewhere).
    const hijack = await t.app.inject({
      method: 'PUT',
      url: '/business/careers-page',
      headers: other,
      payload: { slug: 'acme-welding-ltd', about: '' },
    });
    expect(hijack.statusCode).toBe(409);
    // A business can go back to its former slug.
    const back = await t.app.inject({
      method: 'PUT',
      url: '/business/careers-page',
      headers: acme,
      payload: { slug: 'acme-welding-ltd', about },
    });
    expect(back.statusCode).toBe(200);
    expect(((await t.app.inject({ url: '/careers/acme-welding' })).json() as CareersPage).business.slug).toBe(
      'acme-welding-ltd',
    );
  });

  it('searches open jobs by words of the title and description, with filters, newest first, paged', async () => {
    const mark = randomUUID().slice(0, 8);
    const nurse = await postJob(other, {
      title: `Night nurses ${mark}`,
      description: 'Caring for patients on the ward.',
      city: 'York',
      partTime: true,
      fullTime: false,
    });
    const remote = await postJob(other, {
      title: `Remote developer ${mark}`,
      description: 'TypeScript and PostgreSQL; nursing knowledge welcome.',
      city: null,
      workplace: 'Remote',
      jobType: 2,
      salaryAmount: 400,
      salaryCurrency: 'GBP',
      salaryRateType: 2,
    });
    const search = async (query: string) => {
      const res = await t.app.inject({ url: `/jobs?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as JobSearchResult;
    };
    // Stemming: 'nurse' finds 'nurses' (title) and 'nursing' (description); the title's match is not required.
    expect((await search(`q=nurse ${mark}`)).jobs.map((job) => job.id)).toEqual([remote.id, nurse.id]);
    expect((await search(`q=nurse -typescript ${mark}`)).jobs.map((job) => job.id)).toEqual([nurse.id]);
    expect((await search(`q=${mark}&location=york`)).jobs.map((job) => job.id)).toEqual([nurse.id]);
    expect((await search(`q=${mark}&remote=1`)).jobs.map((job) => job.id)).toEqual([remote.id]);
    expect((await search(`q=${mark}&hours=part`)).jobs.map((job) => job.id)).toEqual([nurse.id]);
    expect((await search(`q=${mark}&hours=full`)).jobs.map((job) => job.id)).toEqual([remote.id]);
    expect((await search(`q=${mark}&contract=contract`)).jobs.map((job) => job.id)).toEqual([remote.id]);
    expect((await search(`q=${mark}&contract=permanent`)).jobs.map((job) => job.id)).toEqual([nurse.id]);
    expect((await search(`q=${mark}&salary=1`)).jobs.map((job) => job.id)).toEqual([remote.id]);
    // A location's % and _ are letters, not patterns.
    expect((await search(`q=${mark}&location=%25`)).jobs).toEqual([]);
    // Words that are no English at all, and punctuation only, are searches too.
    expect((await search(`q=${encodeURIComponent('"" & | !')}`)).jobs).toBeInstanceOf(Array);

    const all = await search('');
    expect(all.pageSize).toBe(20);
    const times = all.jobs.map((job) => Date.parse(job.postedOn));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all.jobs.every((job) => !job.title.startsWith('Closed') && !job.title.startsWith('Expired'))).toBe(true);

    for (const bad of ['page=0', 'page=x', 'hours=some', 'remote=yes', `q=${'x'.repeat(201)}`]) {
      expect((await t.app.inject({ url: `/jobs?${bad}` })).statusCode, bad).toBe(400);
    }
  });

  it('finds a changed job by its new words only, and no job read carries the search vector', async () => {
    const mark = `v${randomUUID().slice(0, 8)}`;
    const job = await postJob(acme, { title: `Welder ${mark}`, description: 'Shipyard work.' });
    const found = async (q: string) =>
      ((await t.app.inject({ url: `/jobs?q=${q} ${mark}` })).json() as JobSearchResult).jobs.map((j) => j.id);
    expect(await found('shipyard')).toEqual([job.id]);

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/business/jobs/${job.id}`,
      headers: acme,
      payload: { title: `Baker ${mark}`, description: 'Early mornings.', city: 'Leeds' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.body).not.toContain('search_vector');
    expect(await found('baker')).toEqual([job.id]);
    expect(await found('morning')).toEqual([job.id]);
    expect(await found('shipyard')).toEqual([]);
    expect(await found('welder')).toEqual([]);
    // The stored vector is PostgreSQL's to keep: a job's reads (the apply page's among them) list their columns.
    const row = await findJob(t.deps.database.db, job.id);
    expect(row?.title).toBe(`Baker ${mark}`);
    expect(Object.keys(row!)).not.toContain('search_vector');
  });

  it('pages through the search in a stable order', async () => {
    const mark = `p${randomUUID().slice(0, 8)}`;
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) ids.push((await postJob(acme, { title: `Pager ${mark} ${i}` })).id);
    const first = (await t.app.inject({ url: `/jobs?q=${mark}` })).json() as JobSearchResult;
    const second = (await t.app.inject({ url: `/jobs?q=${mark}&page=2` })).json() as JobSearchResult;
    expect(first.hasNextPage).toBe(true);
    expect(second.hasNextPage).toBe(false);
    expect([...first.jobs, ...second.jobs].map((job) => job.id)).toEqual([...ids].reverse());
    // Every page says how many match in all.
    for (const page of [first, second]) expect(page).toMatchObject({ total: 23, totalIsAtLeast: false });
    // The count stops one past its cap: a broad search reads no more than that of the index.
    expect(await countMatchingOpenJobs(t.deps.database.db, { q: mark }, 5)).toBe(6);
    expect(await countMatchingOpenJobs(t.deps.database.db, { q: mark }, 100)).toBe(23);
    expect(await countMatchingOpenJobs(t.deps.database.db, { q: `${mark} nothing-like-it` }, 100)).toBe(0);
  });

  it('the sitemap entries hold open jobs and careers pages only; a closed job leaves them at once', async () => {
    const job = await postJob(acme, { title: 'Sitemap job' });
    const entries = async () =>
      (await t.app.inject({ url: '/sitemap-entries' })).json() as {
        jobs: { id: string; lastmod: string }[];
        careers: { slug: string; lastmod: string }[];
      };
    const before = await entries();
    expect(before.jobs.map((entry) => entry.id)).toContain(job.id);
    expect(before.careers.map((entry) => entry.slug)).toEqual(
      expect.arrayContaining(['acme-welding-ltd', 'acme-welding-ltd-2']),
    );
    expect(before.jobs.every((entry) => !Number.isNaN(Date.parse(entry.lastmod)))).toBe(true);
    const close = await t.app.inject({
      method: 'PUT',
      url: `/business/jobs/${job.id}`,
      headers: acme,
      payload: { title: 'Sitemap job', description: '', isLive: false },
    });
    expect(close.statusCode, close.body).toBe(200);
    expect((await entries()).jobs.map((entry) => entry.id)).not.toContain(job.id);
  });
});
