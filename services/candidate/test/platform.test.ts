import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { startTestApp } from './helpers';

describe.each(databaseKinds())('candidate platform on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(async () => ctx?.close());

  it('is ready once its database answers, with its migrations applied', async () => {
    const ready = await ctx.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    const tables = await ctx.deps.database.db.introspection.getTables();
    expect(tables.map((t) => t.name)).toContain('candidates');
  });

  it('is not ready when its database is gone', async () => {
    const broken = await startTestApp(kind);
    await broken.deps.database.close();
    const res = await broken.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 503, title: 'Service Unavailable' });
    await broken.close().catch(() => undefined);
  });

  it('serves its OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ url: '/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('candidate');
  });
});
