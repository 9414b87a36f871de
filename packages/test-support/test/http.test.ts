import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createChallenge, solveChallenge, verifySolution } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botCheckToken } from '../src/bot-check';
import { callApi, callJson, expectOk } from '../src/http';

const HMAC_KEY = 'test-support-hmac-key';
let url = '';
const seen: { method?: string; path?: string; authorization?: string; contentType?: string; body: string }[] = [];
const server = createServer(async (req: IncomingMessage, res) => {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  seen.push({
    method: req.method,
    path: req.url,
    authorization: req.headers.authorization,
    contentType: req.headers['content-type'],
    body,
  });
  if (req.url === '/api/bot-check/challenge') {
    const challenge = await createChallenge({ hmacKey: HMAC_KEY, maxNumber: 5000 });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(challenge));
  } else if (req.url === '/echo') {
    res.setHeader('content-type', 'application/json');
    res.end(body || 'null');
  } else if (req.url === '/text') {
    res.end('plain words');
  } else {
    res.statusCode = 404;
    res.end(JSON.stringify({ error: 'Not Found' }));
  }
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('callApi', () => {
  it('sends JSON with a bearer token and answers the status and parsed body', async () => {
    const answer = await callApi<{ a: number }>(`${url}/echo`, { method: 'POST', json: { a: 1 }, token: 't0ken' });
    expect(answer).toMatchObject({ status: 200, body: { a: 1 } });
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      authorization: 'Bearer t0ken',
      contentType: 'application/json',
    });
  });

  it('answers a body that is not JSON as its text, and a refusal without throwing', async () => {
    expect((await callApi(`${url}/text`)).body).toBe('plain words');
    expect(await callApi(`${url}/nowhere`)).toMatchObject({ status: 404, body: { error: 'Not Found' } });
  });

  it('expectOk and callJson fail with what the service answered unless it is 200', async () => {
    await expect(callJson(`${url}/nowhere`)).rejects.toThrow(/GET .*\/nowhere failed: HTTP 404 .*Not Found/);
    expect(() => expectOk('the thing', { status: 500, body: 'boom', headers: new Headers() })).toThrow(
      'the thing failed: HTTP 500 "boom"',
    );
    expect(await callJson(`${url}/echo`, { method: 'POST', json: [1, 2] })).toEqual([1, 2]);
  });
});

describe('botCheckToken', () => {
  it('answers the base64 payload of a solved challenge, which the issuer verifies', async () => {
    const token = await botCheckToken(url);
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Record<string, unknown>;
    expect(Object.keys(payload).sort()).toEqual(['algorithm', 'challenge', 'number', 'salt', 'signature']);
    expect(await verifySolution(token, HMAC_KEY)).toBe(true);
    // The solver is altcha's own: the same number for the same challenge.
    const again = await solveChallenge(String(payload.challenge), String(payload.salt), String(payload.algorithm), 5000)
      .promise;
    expect(again?.number).toBe(payload.number);
  });
});
