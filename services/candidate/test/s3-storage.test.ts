import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '@careers/server-kit/png';
import { databaseKinds } from '@careers/server-kit/testing';
import { createS3Storage } from '../src/modules/storage/s3-storage';
import { eventually, multipart, startTestApp, type TestApp } from './helpers';
import { fakeExe, tinyPdf } from './fixtures';

const BUCKET = 'careers-test';

async function startS3() {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

describe('S3 storage against s3rver', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => s3?.close());

  it('puts (multipart, streamed), sizes, reads ranges, lists and deletes', async () => {
    const storage = createS3Storage({
      endpoint: s3.env.S3_ENDPOINT,
      bucket: BUCKET,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    // Larger than one 5 MB part, produced chunk by chunk: lib-storage must stream it in parts.
    const chunk = Buffer.alloc(256 * 1024, 'x');
    const total = 7 * 1024 * 1024;
    const body = Readable.from(
      (function* () {
        for (let sent = 0; sent < total; sent += chunk.length) yield chunk;
      })(),
    );
    const key = `cvs/${randomUUID()}`;
    await storage.put(key, body, 'text/plain; charset=utf-8');
    expect(await storage.size(key)).toBe(total);
    const part = await storage.get(key, { start: 10, end: 19 });
    const bytes: Buffer[] = [];
    for await (const c of part!.body) bytes.push(c as Buffer);
    expect(Buffer.concat(bytes).toString()).toBe('xxxxxxxxxx');
    expect(part!.size).toBe(total);
    expect(await storage.list('cvs/')).toContain(key);
    const entry = (await storage.entries('cvs/')).find((e) => e.key === key);
    expect(entry?.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    await storage.delete(key);
    expect(await storage.size(key)).toBeNull();
    expect(await storage.get(key)).toBeNull();
  });
});

describe.each(databaseKinds())('the candidate service on S3 storage (%s)', (kind) => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3();
    t = await startTestApp(kind, s3.env);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores CVs in the bucket, serves downloads and ranges from it, parses them, and refuses without storing', async () => {
    expect(t.deps.storage.kind).toBe('s3');
    const headers = await t.auth(randomUUID());
    await t.app.inject({
      method: 'POST',
      url: '/candidate',
      headers,
      payload: { name: 'S3', email: 's3@example.test', phoneNumber: '1', postcode: '1' },
    });
    const pdf = tinyPdf('Stored in a bucket');
    const body = multipart('bucket.pdf', pdf);
    const up = await t.app.inject({
      method: 'POST',
      url: '/cvs',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(200);
    const { cvId } = up.json();
    expect(await t.deps.storage.list('cvs/')).toHaveLength(1);

    const range = await t.app.inject({ url: `/cvs/download/${cvId}`, headers: { ...headers, range: 'bytes=0-4' } });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('%PDF-');
    expect(range.headers['content-range']).toBe(`bytes 0-4/${pdf.length}`);

    await eventually(
      async () => (await t.app.inject({ url: '/cvs', headers })).json().cvs[0].cvParseStatus === 'Parsed',
    );

    const exe = multipart('cv.pdf', fakeExe());
    const refused = await t.app.inject({
      method: 'POST',
      url: '/cvs',
      headers: { ...headers, ...exe.headers },
      payload: exe.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(await t.deps.storage.list('cvs/')).toHaveLength(1);

    expect((await t.app.inject({ method: 'DELETE', url: `/cvs/${cvId}`, headers })).statusCode).toBe(200);
    expect(await t.deps.storage.list('cvs/')).toHaveLength(0);
  });

  it('keeps logos in the bucket and serves them under /blobs', async () => {
    const headers = await t.auth(randomUUID(), ['BusinessUser']);
    const { imageRelativeDirectory } = (
      await t.app.inject({ method: 'POST', url: '/business', headers, payload: { name: 'Bucket Co' } })
    ).json();
    const png = encodePng(4, 4, () => [0, 128, 255, 255]);
    const body = multipart('logo.png', png, 'image/png');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/business/logo',
          headers: { ...headers, ...body.headers },
          payload: body.payload,
        })
      ).statusCode,
    ).toBe(200);
    const served = await t.app.inject({ url: `/blobs/${imageRelativeDirectory}/logo.png` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
  });
});
