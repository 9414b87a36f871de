import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTcpProxy, type TcpProxy } from '@careers/server-kit/testing';
import { multipart, newCandidate, startTestApp, type TestApp } from './helpers';
import { tinyPdf } from './fixtures';

const BUCKET = 'careers-faults';

describe.each(databaseKinds())('object store down during uploads, on %s', (kind) => {
  let s3: S3rver;
  let directory: string;
  let proxy: TcpProxy;
  let t: TestApp;
  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET }] });
    const { port } = await s3.run();
    // The service reaches the store only through a proxy the test can cut.
    proxy = await startTcpProxy('127.0.0.1', port);
    t = await startTestApp(kind, {
      S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await s3?.close();
    if (directory) await fs.rm(directory, { recursive: true, force: true });
  });

  it('answers 503 problem details with Retry-After, stores no row and no object, and recovers', async () => {
    const { headers, candidateId } = await newCandidate(t);
    const db = t.deps.database.db;
    proxy.cut();
    const body = multipart('down.pdf', tinyPdf('While the store is down'));
    const down = await t.app.inject({
      method: 'POST',
      url: '/cvs',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ type: 'about:blank', status: 503, title: 'Service Unavailable' });
    expect(down.headers['retry-after']).toMatch(/^\d+$/);
    expect(await db.selectFrom('cvs').select('id').where('candidate_id', '=', candidateId).execute()).toHaveLength(0);

    proxy.restore();
    expect(await t.deps.storage.list('cvs/')).toHaveLength(0);
    const again = multipart('back.pdf', tinyPdf('After the store is back'));
    const up = await t.app.inject({
      method: 'POST',
      url: '/cvs',
      headers: { ...headers, ...again.headers },
      payload: again.payload,
    });
    expect(up.statusCode).toBe(200);
    expect(await db.selectFrom('cvs').select('id').where('candidate_id', '=', candidateId).execute()).toHaveLength(1);
    expect(await t.deps.storage.list('cvs/')).toHaveLength(1);
  });
});
