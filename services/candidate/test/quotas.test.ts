import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CV_MAX_COUNT } from '@careers/contracts/candidate';
import { databaseKinds } from '@careers/server-kit/testing';
import { multipart, newCandidate, startTestApp, type TestApp } from './helpers';

describe.each(databaseKinds())('quotas on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  async function upload(headers: Record<string, string>, name: string) {
    const body = multipart(name, Buffer.from(`CV ${name}\n`));
    return t.app.inject({
      method: 'POST',
      url: '/cvs',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }

  it(`keeps at most ${CV_MAX_COUNT} CVs per candidate (409, nothing stored), and a deleted one frees a place`, async () => {
    const { headers } = await newCandidate(t);
    const ids: string[] = [];
    for (let i = 0; i < CV_MAX_COUNT; i++) {
      const res = await upload(headers, `cv-${i}.txt`);
      expect(res.statusCode).toBe(200);
      ids.push(res.json().cvId);
    }
    const objects = (await t.deps.storage.list('cvs')).length;
    const over = await upload(headers, 'one-too-many.txt');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      status: 409,
      detail: 'You can keep at most 20 CVs. Delete one to upload another.',
    });
    expect((await t.deps.storage.list('cvs')).length).toBe(objects);

    expect((await t.app.inject({ method: 'DELETE', url: `/cvs/${ids[0]}`, headers })).statusCode).toBe(200);
    expect((await upload(headers, 'replacement.txt')).statusCode).toBe(200);
  });

  it('pages GET /cvs with a capped pageSize; the default page holds every CV a candidate may keep', async () => {
    const { headers } = await newCandidate(t);
    for (let i = 0; i < 7; i++) expect((await upload(headers, `p-${i}.txt`)).statusCode).toBe(200);
    const all = (await t.app.inject({ url: '/cvs', headers })).json();
    expect(all.cvCount).toBe(7);
    expect(all.cvs).toHaveLength(7);
    const page2 = (await t.app.inject({ url: '/cvs?page=2&pageSize=3', headers })).json();
    expect(page2.cvCount).toBe(7);
    expect(page2.cvs.map((c: { fileName: string }) => c.fileName)).toEqual(['p-3.txt', 'p-2.txt', 'p-1.txt']);
    expect((await t.app.inject({ url: '/cvs?pageSize=51', headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/cvs?page=0', headers })).statusCode).toBe(400);
  });

  it('accepts 5 contact messages an hour per account, then answers 429 with Retry-After', async () => {
    const { userId, headers } = await newCandidate(t);
    const message = { name: 'Q', phone: '', email: 'q@example.test', message: 'Hello', source: 'test' };
    const db = t.deps.database.db;
    // Older than the window: not counted.
    await db
      .insertInto('contact_messages')
      .values({ id: randomUUID(), user_id: userId, ...message, created_at: new Date(Date.now() - 61 * 60_000) })
      .execute();
    // The oldest counted one leaves the window in about 10 minutes.
    await db
      .insertInto('contact_messages')
      .values({ id: randomUUID(), user_id: userId, ...message, created_at: new Date(Date.now() - 50 * 60_000) })
      .execute();
    for (let i = 0; i < 4; i++) {
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/contact/contact', headers, payload: message })).statusCode,
      ).toBe(200);
    }
    const over = await t.app.inject({ method: 'POST', url: '/api/contact/contact', headers, payload: message });
    expect(over.statusCode).toBe(429);
    expect(over.json().detail).toBe('You have sent 5 messages in the last hour. Try again later.');
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    // Another account is not affected.
    const other = await newCandidate(t);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/contact/contact', headers: other.headers, payload: message }))
        .statusCode,
    ).toBe(200);
  });

  it('accepts 30 CV drops a day per candidate, then answers 429 with Retry-After', async () => {
    const employer = await t.auth(randomUUID(), ['BusinessUser']);
    const business = (
      await t.app.inject({
        method: 'POST',
        url: '/business',
        headers: employer,
        payload: { name: 'Drop Ltd', city: 'Leeds', phone: '0113', domain: 'drop' },
      })
    ).json();
    const { headers, candidateId } = await newCandidate(t);
    const cvId = (await upload(headers, 'drop.txt')).json().cvId;
    const rows = Array.from({ length: 29 }, (_, i) => ({
      id: randomUUID(),
      candidate_id: candidateId,
      business_id: business.id,
      cv_id: cvId,
      cv_file_name: 'drop.txt',
      dropped_at: new Date(Date.now() - (23 * 60 + i) * 60_000),
    }));
    await t.deps.database.db.insertInto('cv_drops').values(rows).execute();
    const drop = () =>
      t.app.inject({ method: 'POST', url: '/cv-drops', headers, payload: { businessId: business.id, cvId } });
    expect((await drop()).statusCode).toBe(200);
    const over = await drop();
    expect(over.statusCode).toBe(429);
    expect(over.json().detail).toBe('You have sent your CV to 30 businesses today. Try again tomorrow.');
    // The oldest counted drop was 23 h 28 min ago.
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(31 * 60);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(32 * 60);
  });
});
