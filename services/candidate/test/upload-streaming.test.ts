import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CV_MAX_BYTES } from '@careers/contracts/candidate';
import { databaseKinds } from '@careers/server-kit/testing';
import { createLocalStorage } from '../src/modules/storage/local-storage';
import type { BlobStorage } from '../src/modules/storage/storage';
import { eventually, startTestApp, type TestApp } from './helpers';

/** Local storage that records what put() receives. */
function spyStorage(root: string) {
  const inner = createLocalStorage(root);
  const puts: { isStream: boolean; largestChunk: number }[] = [];
  const storage: BlobStorage = {
    ...inner,
    async put(key, body, contentType) {
      const record = { isStream: body instanceof Readable, largestChunk: 0 };
      puts.push(record);
      body.on('data', (chunk: Buffer) => (record.largestChunk = Math.max(record.largestChunk, chunk.length)));
      await inner.put(key, body, contentType);
    },
  };
  return { storage, puts };
}

describe.each(databaseKinds())('CV uploads are streamed, never held whole (%s)', (kind) => {
  let t: TestApp;
  let spy: ReturnType<typeof spyStorage>;
  let base: string;
  beforeAll(async () => {
    spy = spyStorage(path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'spy-')), 'files'));
    t = await startTestApp(kind, {}, { storage: spy.storage });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  it('writes a 10 MB upload to disk while it is still arriving, and hands the store a stream in small chunks', async () => {
    const headers = await t.auth(randomUUID());
    await t.app.inject({
      method: 'POST',
      url: '/candidate',
      headers,
      payload: { name: 'S', email: 's@example.test', phoneNumber: '1', postcode: '1' },
    });
    const boundary = 'streamingboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const half = CV_MAX_BYTES / 2;

    const request = http.request(`${base}/cvs`, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
    request.write(head);
    for (let sent = 0; sent < half; sent += chunk.length) request.write(chunk);

    // Half the file sent, the request still open: the spool file must already hold most of it.
    const spooled = await eventually(
      async () => {
        const files = await fs.readdir(t.config.uploadTempDir).catch(() => []);
        for (const f of files) {
          const { size } = await fs.stat(path.join(t.config.uploadTempDir, f));
          if (size >= half - 1024 * 1024) return size;
        }
        return undefined;
      },
      10_000,
      20,
    );
    expect(spooled).toBeGreaterThan(half / 2);

    for (let sent = half; sent < CV_MAX_BYTES; sent += chunk.length) request.write(chunk);
    request.end(tail);
    const { status, body } = await response;
    expect(status, body).toBe(200);
    expect(spy.puts.at(-1)).toMatchObject({ isStream: true });
    expect(spy.puts.at(-1)!.largestChunk).toBeLessThanOrEqual(1024 * 1024);
    expect(await fs.readdir(t.config.uploadTempDir)).toEqual([]);
  });
});
