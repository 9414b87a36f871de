import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVED_SLUGS, SLUG_RESERVED, SLUG_TAKEN, slugSchema } from '@careers/contracts/careers';
import { databaseKinds } from '@careers/server-kit/testing';
import { startTestApp, type TestApp } from './helpers';

type Headers = Record<string, string>;

/**
 * A careers page lives at /careers/{slug}: a slug that names one of the portal's pages ("login") passes
 * for the portal's own page, and one another business used before takes over the links to its page.
 */
describe.each(databaseKinds())('careers page slugs, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { CANDIDATE_WORKERS: 'false' });
  });
  afterAll(async () => t?.close());

  async function business(name: string) {
    const headers = await t.auth(randomUUID(), ['BusinessUser']);
    const made = await t.app.inject({ method: 'POST', url: '/business', headers, payload: { name } });
    expect(made.statusCode, made.body).toBe(200);
    return headers;
  }
  const setSlug = (headers: Headers, slug: string) =>
    t.app.inject({ method: 'PUT', url: '/business/careers-page', headers, payload: { slug, about: '' } });
  const slugOf = async (headers: Headers) =>
    (await t.app.inject({ url: '/business/careers-page', headers })).json().slug as string;

  it("reserves the first segment of every path of this service's API", async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json() as { paths: Record<string, unknown> };
    const segments = new Set(Object.keys(doc.paths).map((p) => p.split('/')[1] ?? ''));
    expect(segments.size).toBeGreaterThan(10);
    // A segment a business could take as its slug (the schema's format, not reserved).
    const takeable = [...segments].filter((s) => slugSchema.safeParse(s).success);
    expect(takeable).toEqual([]);
    expect(RESERVED_SLUGS).toContain('interview-feeds');
  });

  it('refuses a route name of the portal or a sign-in word as the slug, and gives such a name a suffix', async () => {
    const owner = await business('Route Words Ltd');
    for (const slug of ['login', 'account', 'dashboard', 'profile', 'interview-feeds', 'job-applications', 'signup']) {
      const res = await setSlug(owner, slug);
      expect(res.statusCode, slug).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body, slug).toContain(SLUG_RESERVED);
    }
    expect(await slugOf(owner)).toBe('route-words-ltd');
    const login = await business('Login');
    expect(await slugOf(login)).toMatch(/^login-[0-9a-f]{8}$/);
    expect((await t.app.inject({ url: '/careers/login' })).statusCode).toBe(404);
  });

  it("refuses another business's current or former slug; two businesses claiming one slug at once get 200 and 409", async () => {
    const mark = randomUUID().slice(0, 6);
    const first = await business(`Former ${mark}`);
    const formerSlug = await slugOf(first);
    expect((await setSlug(first, `renamed-${mark}`)).statusCode).toBe(200);
    const second = await business(`Second ${mark}`);
    const taken = await setSlug(second, formerSlug);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(SLUG_TAKEN);
    // The former slug still leads to the first business's page.
    expect(
      ((await t.app.inject({ url: `/careers/${formerSlug}` })).json() as { business: { slug: string } }).business.slug,
    ).toBe(`renamed-${mark}`);

    const third = await business(`Third ${mark}`);
    const both = await Promise.all([setSlug(second, `contested-${mark}`), setSlug(third, `contested-${mark}`)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = both.find((r) => r.statusCode === 409)!;
    expect(refused.json().detail).toBe(SLUG_TAKEN);
  });
});
