import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { tinyPdf } from './fixtures';
import { multipart, newCandidate, startTestApp, type TestApp } from './helpers';

const HOUR = 3_600_000;

/**
 * Retention of files (issue 10 items 2 and 7, decision 0122): a file no CV row holds (a crash between
 * writing the file and its row), a cut-off local write and a spooled upload of a killed process are
 * removed by the hourly sweep once an hour has passed since they were written; a CV's own file, and
 * anything written within the hour, stays.
 */
describe.each(databaseKinds())('orphan CV files on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('removes files no CV row holds after the grace hour, and keeps every CV’s own file', async () => {
    const { headers } = await newCandidate(t);
    const body = multipart('cv.pdf', tinyPdf('Owned CV'));
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/cvs',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const cvId = uploaded.json().cvId as string;

    const orphan = `cvs/${randomUUID()}`;
    await t.deps.storage.put(orphan, Readable.from([Buffer.from('%PDF-1.4 left behind')]), 'application/pdf');
    const partial = `cvs/${randomUUID()}.${randomUUID()}.partial`;
    await t.deps.storage.put(partial, Readable.from([Buffer.from('%PDF-1.4 cut off')]), 'application/pdf');
    await fs.mkdir(t.config.uploadTempDir, { recursive: true });
    const spool = path.join(t.config.uploadTempDir, `upload-${randomUUID()}`);
    await fs.writeFile(spool, 'half an upload');
    const before = (await t.deps.storage.list('cvs/')).length;

    // Within the hour nothing goes: an upload may be between its file and its row.
    expect(await t.deps.jobs.removeOrphanFiles(new Date(Date.now() + HOUR / 2))).toEqual([]);
    expect((await t.deps.storage.list('cvs/')).length).toBe(before);

    const removed = await t.deps.jobs.removeOrphanFiles(new Date(Date.now() + 2 * HOUR));
    expect(removed.sort()).toEqual([orphan, partial].sort());
    expect(await t.deps.storage.list('cvs/')).not.toContain(orphan);
    await expect(fs.stat(spool)).rejects.toThrow();

    const download = await t.app.inject({ url: `/cvs/download/${cvId}`, headers });
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain('Owned CV');
  });
});
