import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@careers/server-kit/logger';
import { databaseKinds } from '@careers/server-kit/testing';
import { buildApp, openDependencies } from '../src/app';
import { startTestApp, type TestApp } from './helpers';

/** An interviewer's calendar feed address carries its token in the path: the service's log must not keep it. */
describe.each(databaseKinds())('the calendar feed in the request log, on %s', (kind) => {
  let t: TestApp;
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    t = await startTestApp(kind, { CANDIDATE_WORKERS: 'false' });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // The service as it runs, logging every request at info.
    const logger = createLogger('candidate', 'info', sink);
    const deps = await openDependencies(t.config, logger);
    app = await buildApp(t.config, deps, logger);
    await app.ready();
    close = () => app.close();
  });
  afterAll(async () => {
    await close();
    await t?.close();
  });

  it('writes the feed address with its token replaced, for a live address and a guessed one', async () => {
    const headers = await t.auth(randomUUID(), ['BusinessUser']);
    expect(
      (await app.inject({ method: 'POST', url: '/business', headers, payload: { name: 'Feed Co' } })).statusCode,
    ).toBe(200);
    const made = await app.inject({ method: 'POST', url: '/business/interviews/feed', headers });
    expect(made.statusCode, made.body).toBe(200);
    const feedUrl = new URL(made.json().url as string);
    const token = feedUrl.pathname
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const feed = await app.inject({ url: feedUrl.pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    const guessed = `${'G'.repeat(43)}`;
    expect((await app.inject({ url: `/interview-feeds/${guessed}.ics?x=1` })).statusCode).toBe(404);

    const log = lines.join('');
    expect(log).toContain('/interview-feeds/[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain(guessed);
  });
});
