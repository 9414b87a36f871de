import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { databaseKinds } from '@careers/server-kit/testing';
import { registerCandidate, relaxedLimits, startTestApp, type TestApp } from './helpers';
import { countUnsentMail } from '../src/modules/mail/mail.repository';

/** A real SMTP server that can be stopped and started again on the same port. */
function smtpSink() {
  const received: { to: string; raw: string }[] = [];
  let server: SMTPServer | undefined;
  const start = async (port = 0) => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    const s = server;
    await new Promise<void>((resolve) => s.listen(port, '127.0.0.1', resolve));
    return (s.server.address() as AddressInfo).port;
  };
  const stop = async () => {
    const s = server;
    server = undefined;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  return { received, start, stop };
}

function decodeQp(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

describe.each(databaseKinds())('SMTP down while codes are requested, on %s', (kind) => {
  const sink = smtpSink();
  let port: number;
  let ctx: TestApp;
  beforeAll(async () => {
    port = await sink.start();
    // Delivery is driven with flush() and the test clock, so the outage is exact and the test fast.
    ctx = await startTestApp(kind, {
      ...relaxedLimits,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_POLL_INTERVAL_MS: '600000',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await sink.stop();
  });

  it('keeps every requested code while SMTP is down and delivers each exactly once when it is back', async () => {
    const db = ctx.deps.database.db;
    const candidates = [];
    for (let i = 0; i < 3; i++) candidates.push(await registerCandidate(ctx));
    await ctx.deps.outbox.flush();
    sink.received.length = 0;
    expect(await countUnsentMail(db)).toBe(0);

    await sink.stop();
    for (const c of candidates) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/account/send-verification-code',
        payload: { email: c.email },
      });
      // Acknowledged: the code is in the outbox, not lost with the failed SMTP connection.
      expect(res.statusCode).toBe(200);
    }
    expect(await countUnsentMail(db)).toBe(3);

    // Several delivery rounds while SMTP refuses connections: nothing is sent, nothing is dropped.
    for (let round = 0; round < 3; round++) {
      await ctx.deps.outbox.flush();
      ctx.clock.advance(5000);
    }
    expect(sink.received).toHaveLength(0);
    expect(await countUnsentMail(db)).toBe(3);
    const failed = await db
      .selectFrom('mail_outbox')
      .select(['attempts', 'last_error'])
      .where('sent_at', 'is', null)
      .execute();
    for (const row of failed) {
      expect(row.attempts).toBeGreaterThan(0);
      expect(row.last_error).toBeTruthy();
    }

    // SMTP back on the same port; the backoff has run out after the clock moves on.
    await sink.start(port);
    ctx.clock.advance(60_000);
    await ctx.deps.outbox.flush();
    expect(await countUnsentMail(db)).toBe(0);
    // More rounds send nothing twice.
    ctx.clock.advance(60_000);
    await ctx.deps.outbox.flush();
    await ctx.deps.outbox.flush();

    expect(sink.received).toHaveLength(3);
    for (const c of candidates) {
      const mine = sink.received.filter((m) => m.to === c.email);
      expect(mine).toHaveLength(1);
      const code = decodeQp(mine[0]!.raw).match(/sign-in code: (\d{6})/)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      // The delivered code still works: nothing acknowledged was lost.
      const verified = await ctx.app.inject({
        method: 'POST',
        url: '/api/account/verify-code',
        payload: { email: c.email, code, token: await ctx.botToken() },
      });
      expect(verified.statusCode).toBe(200);
    }
  });
});
