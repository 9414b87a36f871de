import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstance, HttpError, xhrAdapter, type HttpInstance } from './request';

/** The client on a real XMLHttpRequest (jsdom's) against a real HTTP server on loopback. */
let server: http.Server;
let base: string;
const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Authorization, X-XSRF-TOKEN');
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
      res.setHeader('Access-Control-Expose-Headers', 'X-Request-Id, Content-Disposition');
      if (req.method === 'OPTIONS') return res.end();
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/json') {
        res.setHeader('X-Request-Id', 'r-1');
        res.setHeader('Content-Type', 'application/json');
        return res.end(JSON.stringify({ ok: true, query: Object.fromEntries(url.searchParams) }));
      }
      if (url.pathname === '/empty') return res.writeHead(204).end();
      if (url.pathname === '/text') return res.end('plain words');
      if (url.pathname === '/problem') {
        res.writeHead(404, { 'Content-Type': 'application/problem+json' });
        return res.end(JSON.stringify({ title: 'Not Found', status: 404 }));
      }
      if (url.pathname === '/file') {
        res.writeHead(206, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="cv.pdf"',
        });
        return res.end('%PDF-1.4 bytes');
      }
      if (url.pathname === '/slow') return void setTimeout(() => res.end('late'), 2_000);
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = (extra: Partial<HttpInstance['defaults']> = {}) =>
  createInstance({ baseURL: base, timeout: 0, adapter: xhrAdapter, ...extra });

describe('the HTTP client on XMLHttpRequest', () => {
  it('sends JSON with query parameters and reads JSON, status and lower-case headers', async () => {
    const response = await client().post('/json', { name: 'Ada' }, { params: { page: 2, skip: undefined, q: 'a b' } });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ ok: true, query: { page: '2', q: 'a b' } });
    expect(response.headers['x-request-id']).toBe('r-1');
    const request = seen.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ name: 'Ada' });
  });

  it("answers '' for an empty body and the text when it is not JSON", async () => {
    expect((await client().get('/empty')).data).toBe('');
    expect((await client().get('/text')).data).toBe('plain words');
  });

  it('reads a file as a Blob and accepts 206 when told', async () => {
    const response = await client().get<Blob>('/file', {
      responseType: 'blob',
      validateStatus: (status) => status === 200 || status === 206,
    });
    expect(response.status).toBe(206);
    expect(response.headers['content-disposition']).toBe('attachment; filename="cv.pdf"');
    expect(await response.data.text()).toBe('%PDF-1.4 bytes');
  });

  it('fails a status outside 2xx with the answer attached', async () => {
    const error = await client()
      .get('/problem')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).response?.status).toBe(404);
    expect((error as HttpError).response?.data).toEqual({ title: 'Not Found', status: 404 });
  });

  it("says 'Network Error' when nothing answers", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await createInstance({ baseURL: `http://127.0.0.1:${port}`, adapter: xhrAdapter })
      .get('/json')
      .catch((caught: unknown) => caught);
    expect((error as HttpError).message).toBe('Network Error');
    expect((error as HttpError).code).toBe('ERR_NETWORK');
  });

  it("says 'timeout of {n}ms exceeded' and 'Request aborted'", async () => {
    const timedOut = await client({ timeout: 100 })
      .get('/slow')
      .catch((caught: unknown) => caught);
    expect((timedOut as HttpError).message).toBe('timeout of 100ms exceeded');
    const controller = new AbortController();
    const pending = client()
      .get('/slow', { signal: controller.signal })
      .catch((caught: unknown) => caught);
    setTimeout(() => controller.abort(), 50);
    expect(((await pending) as HttpError).message).toBe('Request aborted');
  });

  it('sends the XSRF cookie as the X-XSRF-TOKEN header on credentialed requests', async () => {
    document.cookie = 'XSRF-TOKEN=tok%20en; path=/';
    try {
      await client({ withCredentials: true, xsrfCookieName: 'XSRF-TOKEN', xsrfHeaderName: 'X-XSRF-TOKEN' }).get(
        '/json',
      );
      expect(seen.at(-1)!.headers['x-xsrf-token']).toBe('tok en');
      await client({ withCredentials: false, xsrfCookieName: 'XSRF-TOKEN', xsrfHeaderName: 'X-XSRF-TOKEN' }).get(
        '/json',
      );
      expect(seen.at(-1)!.headers['x-xsrf-token']).toBeUndefined();
    } finally {
      document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    }
  });

  it('sends FormData as multipart, untouched', async () => {
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4']), 'cv.pdf');
    await client().post('/json', form);
    const request = seen.at(-1)!;
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.body).toContain('filename="cv.pdf"');
  });
});
