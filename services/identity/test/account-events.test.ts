import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_AUDIENCE, ACCOUNT_EVENTS_AUDIENCE } from '@careers/contracts/identity';
import { databaseKinds } from '@careers/server-kit/testing';
import { eventBackoffMs } from '../src/modules/account-events/account-events.worker';
import { bearer, registerCandidate, relaxedLimits, startTestApp, type TestApp } from './helpers';

/** Stands in for the candidate service: records each notice and answers the next queued status. */
async function startReceiver() {
  const received: string[] = [];
  const statuses: number[] = [];
  const server = http.createServer((req, res) => {
    received.push((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    res.writeHead(statuses.shift() ?? 200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    statuses,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(databaseKinds())('account deletion notices on %s', (kind) => {
  let ctx: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    // A poll slower than any test: the tests deliver by flush().
    ctx = await startTestApp(kind, { ...relaxedLimits, CANDIDATE_URL: receiver.url, MAIL_POLL_INTERVAL_MS: '600000' });
  });
  afterAll(async () => {
    await ctx?.close();
    await receiver?.close();
  });

  const events = (userId: string) =>
    ctx.deps.database.db.selectFrom('account_events').selectAll().where('user_id', '=', userId).execute();

  it('writes a notice with the deletion and delivers it signed for the candidate service only, retrying until 2xx', async () => {
    const user = await registerCandidate(ctx);
    // Deleting takes a fresh code e-mailed to the account's address.
    await ctx.app.inject({ method: 'PUT', url: '/api/user/delete-initialise', headers: bearer(user.accessToken) });
    const code = await ctx.latestCode(user.email);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user?userId=${user.userId}`,
      headers: bearer(user.accessToken),
      payload: { code },
    });
    expect(del.statusCode).toBe(200);
    expect(await events(user.userId)).toMatchObject([{ kind: 'account_deleted', delivered_at: null }]);

    receiver.received.length = 0;
    receiver.statuses.push(503);
    expect(await ctx.deps.accountEvents.flush()).toBe(0);
    const [failed] = await events(user.userId);
    expect(failed).toMatchObject({ attempts: 1, delivered_at: null, last_error: 'the candidate service answered 503' });
    expect(failed!.next_attempt_at.getTime()).toBe(ctx.clock.now() + eventBackoffMs(0));
    // Not due yet: nothing is sent.
    expect(await ctx.deps.accountEvents.flush()).toBe(0);
    expect(receiver.received).toHaveLength(1);

    ctx.clock.advance(eventBackoffMs(0));
    expect(await ctx.deps.accountEvents.flush()).toBe(1);
    expect((await events(user.userId))[0]!.delivered_at).not.toBeNull();
    expect(receiver.received).toHaveLength(2);

    // The token: this service's key, the events audience (never an access token's), the user as subject.
    const jwks = createLocalJWKSet({ keys: ctx.deps.keys.publicJwks });
    const { payload } = await jwtVerify(receiver.received[1]!, jwks, {
      audience: ACCOUNT_EVENTS_AUDIENCE,
      issuer: ctx.config.publicUrl,
      currentDate: new Date(ctx.clock.now()),
    });
    expect(payload).toMatchObject({ sub: user.userId, event: 'account_deleted', jti: failed!.id });
    await expect(
      jwtVerify(receiver.received[1]!, jwks, {
        audience: ACCESS_TOKEN_AUDIENCE,
        currentDate: new Date(ctx.clock.now()),
      }),
    ).rejects.toThrow();

    // Delivered once: a later pass sends nothing more.
    expect(await ctx.deps.accountEvents.flush()).toBe(0);
  });

  it('writes no notice when the deletion is refused', async () => {
    const user = await registerCandidate(ctx);
    const other = await registerCandidate(ctx);
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user?userId=${other.userId}`,
      headers: bearer(user.accessToken),
    });
    expect(foreign.statusCode).toBe(404);
    expect(await events(other.userId)).toEqual([]);
  });

  it('backs off exponentially up to an hour', () => {
    expect([0, 1, 2, 3].map(eventBackoffMs)).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(eventBackoffMs(30)).toBe(60 * 60 * 1000);
  });
});
