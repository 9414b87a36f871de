// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedsProxy } from './feeds-proxy';

/** A stand-in for the candidate service's feed routes: a feed in several chunks, its validators, a 304. */
let upstream: http.Server;
let seen: http.IncomingHttpHeaders[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    seen.push(req.headers);
    if (req.url === '/careers/old-name/jobs.xml') {
      res.writeHead(301, { location: 'https://portal.test/careers/new-name/jobs.xml' });
      return res.end();
    }
    if (req.headers['if-none-match'] === '"v1"') {
      res.writeHead(304, { etag: '"v1"' });
      return res.end();
    }
    res.writeHead(200, {
      'content-type': 'application/xml; charset=utf-8',
      etag: '"v1"',
      'last-modified': 'Wed, 25 Nov 2026 10:00:00 GMT',
      'cache-control': 'public, no-cache',
      'set-cookie': 'not=forwarded',
    });
    res.write('<?xml version="1.0"?><source>');
    setTimeout(() => res.end(`<job>${req.url}</job></source>`), 20);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  app = Fastify();
  await app.register(feedsProxy, {
    candidateBaseUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
  });
});

afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

describe('the feeds on the portal origin', () => {
  it('passes the feed, its validators and the crawler’s User-Agent through, and the 304', async () => {
    seen = [];
    const res = await app.inject({
      url: '/feeds/jobs.xml?board=adzuna',
      headers: { 'user-agent': 'Adzuna/1.0', cookie: 'session=secret' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<?xml version="1.0"?><source><job>/feeds/jobs.xml?board=adzuna</job></source>');
    expect(res.headers.etag).toBe('"v1"');
    expect(res.headers['last-modified']).toBe('Wed, 25 Nov 2026 10:00:00 GMT');
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(seen[0]!['user-agent']).toBe('Adzuna/1.0');
    expect(seen[0]!.cookie).toBeUndefined();

    const again = await app.inject({ url: '/feeds/jobs.json', headers: { 'if-none-match': '"v1"' } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it("passes a business feed's redirect on, and answers 503 when the service is down", async () => {
    const moved = await app.inject({ url: '/careers/old-name/jobs.xml' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('https://portal.test/careers/new-name/jobs.xml');

    const down = Fastify();
    await down.register(feedsProxy, { candidateBaseUrl: 'http://127.0.0.1:9', headTimeoutMs: 500 });
    const res = await down.inject({ url: '/feeds/jobs.xml' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    await down.close();
  });
});
