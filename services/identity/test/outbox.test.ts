import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { databaseKinds } from '@careers/server-kit/testing';
import { registerCandidate, relaxedLimits, startTestApp, type TestApp } from './helpers';
import type { MailTransport } from '@careers/server-kit/mail';
import { countUnsentMail } from '../src/modules/mail/mail.repository';
import { createOutboxWorker, SEND_CONCURRENCY } from '../src/modules/mail/mail.worker';
import { deleteUser } from '../src/modules/users/users.repository';
import { escapeHtml, passwordResetMail, signInCodeMail } from '../src/modules/mail/mail.templates';

/** An SMTP sink on a free port that refuses the first `rejectFirst` messages with a temporary error. */
async function startSmtpSink(rejectFirst: number) {
  const received: string[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        attempts += 1;
        if (attempts <= rejectFirst) {
          const err = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
          return callback(err);
        }
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Quoted-printable soft breaks and escapes, so that long links can be found in the raw message. */
function decodeQp(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

describe.each(databaseKinds())('durable e-mail outbox on %s', (kind) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let ctx: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink(1);
    // A long poll interval: this test drives delivery with flush() and the clock.
    ctx = await startTestApp(kind, {
      ...relaxedLimits,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      MAIL_POLL_INTERVAL_MS: '600000',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await sink?.close();
  });

  it('keeps a message when SMTP refuses it, retries with backoff, and delivers code and link', async () => {
    const { email, userId } = await registerCandidate(ctx);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/send-verification-code',
      payload: { email },
    });
    expect(sent.statusCode).toBe(200);
    const db = ctx.deps.database.db;
    expect(await countUnsentMail(db)).toBe(2);

    await ctx.deps.outbox.flush();
    expect(sink.attempts()).toBe(2);
    expect(sink.received).toHaveLength(1);
    expect(await countUnsentMail(db)).toBe(1);
    const failed = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toMatch(/busy/);

    // Not due yet: a flush now sends nothing.
    await ctx.deps.outbox.flush();
    expect(sink.received).toHaveLength(1);
    ctx.clock.advance(2000);
    await ctx.deps.outbox.flush();
    expect(sink.received).toHaveLength(2);
    expect(await countUnsentMail(db)).toBe(0);

    const messages = sink.received.map(decodeQp);
    const codeMail = messages.find((m) => /sign-in code: \d{6}/.test(m))!;
    const code = codeMail.match(/sign-in code: (\d{6})/)![1]!;
    expect(codeMail).toContain(`To: ${email}`);
    expect(codeMail.split(code).length).toBeGreaterThan(2); // subject and body
    const linkMail = messages.find((m) => m.includes('/confirm/'))!;
    expect(linkMail).toMatch(new RegExp(`${ctx.config.portalUrl}/confirm/${userId}/[A-Za-z0-9_-]{43}`));
    expect(linkMail).toContain('text/html');
    expect(linkMail).toContain('text/plain');
  });
});

// Issue 8 point 4: codes and link tokens must not sit in mail_outbox in plaintext.
describe.each(databaseKinds())('what the outbox keeps on %s', (kind) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let ctx: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink(0);
    ctx = await startTestApp(kind, {
      ...relaxedLimits,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      MAIL_POLL_INTERVAL_MS: '600000',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await sink?.close();
  });
  const rowsTo = (email: string) =>
    ctx.deps.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('id').execute();
  const sendCode = (email: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/account/send-verification-code', payload: { email } });

  it('keeps no subject or body of a sent message, only who, what kind, when and how many tries', async () => {
    const { email } = await registerCandidate(ctx);
    expect((await sendCode(email)).statusCode).toBe(200);
    await ctx.deps.outbox.flush();
    const rows = await rowsTo(email);
    expect(rows.map((r) => r.kind).sort()).toEqual(['confirmation-link', 'sign-in-code']);
    for (const row of rows) {
      expect(row).toMatchObject({ subject: null, text_body: null, html_body: null, attempts: 1, to_address: email });
      expect(row.sent_at).toBeInstanceOf(Date);
    }
    const code = decodeQp(sink.received.at(-1)!).match(/sign-in code: (\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('never sends nor keeps an unsent message past the expiry of its code', async () => {
    const { email } = await registerCandidate(ctx);
    expect((await sendCode(email)).statusCode).toBe(200);
    const before = sink.received.length;
    ctx.clock.advance(10 * 60 * 1000 + 1000);
    await ctx.deps.outbox.flush();
    // The confirmation link (24 hours) still goes; the expired code does not.
    expect(
      sink.received
        .slice(before)
        .map(decodeQp)
        .filter((m) => m.includes(`To: ${email}`)),
    ).toHaveLength(1);
    const code = (await rowsTo(email)).find((r) => r.kind === 'sign-in-code')!;
    expect(code).toMatchObject({
      subject: null,
      text_body: null,
      html_body: null,
      sent_at: null,
      last_error: 'expired before it could be sent',
    });
    expect(await countUnsentMail(ctx.deps.database.db)).toBe(0);
  });

  it("removes an account's messages with the account, unsent ones too", async () => {
    const { email, userId } = await registerCandidate(ctx);
    expect((await sendCode(email)).statusCode).toBe(200);
    expect(await rowsTo(email)).toHaveLength(2);
    expect(await deleteUser(ctx.deps.database.db, userId)).toBe(true);
    expect(await rowsTo(email)).toHaveLength(0);
  });
});

// A burst of sign-ups waited up to half a minute for its codes while the worker sent one message at a
// time (scripts/load-apply.ts, decision 0136): a batch now goes out over SEND_CONCURRENCY connections.
describe.each(databaseKinds())('e-mail outbox worker under a burst on %s', (kind) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { ...relaxedLimits, MAIL_POLL_INTERVAL_MS: '600000' });
  });
  afterAll(async () => ctx?.close());

  it('sends a batch several at a time, each message once, and keeps a failed one for its retry', async () => {
    const emails: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const { email } = await registerCandidate(ctx);
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/account/send-verification-code', payload: { email } }))
          .statusCode,
      ).toBe(200);
      emails.push(email);
    }
    const failing = emails[3]!;
    const delivered: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const mail: MailTransport = {
      kind: 'smtp',
      async send(message) {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise((r) => setTimeout(r, 30));
        inFlight -= 1;
        if (message.to === failing && message.kind === 'sign-in-code') throw new Error('451 mailbox busy');
        delivered.push(`${message.kind} ${message.to}`);
      },
      async close() {},
    };
    const worker = createOutboxWorker({
      db: ctx.deps.database.db,
      mail,
      now: ctx.deps.now,
      intervalMs: 600_000,
      logger: ctx.app.log,
    });

    // Every code and every confirmation link is due: 24 messages, one refused.
    expect(await worker.flush()).toBe(23);
    expect(mostInFlight).toBe(SEND_CONCURRENCY);
    expect(new Set(delivered).size).toBe(23);
    const codes = delivered.filter((d) => d.startsWith('sign-in-code ')).map((d) => d.split(' ')[1]);
    expect(codes.sort()).toEqual(emails.filter((e) => e !== failing).sort());
    const unsent = await ctx.deps.database.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'kind', 'attempts'])
      .where('sent_at', 'is', null)
      .execute();
    expect(unsent).toEqual([{ to_address: failing, kind: 'sign-in-code', attempts: 1 }]);
    // Nothing is sent twice: a second pass finds only the refused one, not due yet.
    expect(await worker.flush()).toBe(0);
    expect(delivered).toHaveLength(23);
  });
});

describe('the dev outbox', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp('pglite', { ...relaxedLimits, MAIL_POLL_INTERVAL_MS: '600000' });
  });
  afterAll(async () => ctx?.close());

  it('keeps a message only until the code or link it carries expires', async () => {
    const { email } = await registerCandidate(ctx);
    await ctx.app.inject({ method: 'POST', url: '/api/account/send-verification-code', payload: { email } });
    expect((await ctx.mailsTo(email)).map((m) => m.kind).sort()).toEqual(['confirmation-link', 'sign-in-code']);
    ctx.clock.advance(10 * 60 * 1000 + 1000);
    expect((await ctx.mailsTo(email)).map((m) => m.kind)).toEqual(['confirmation-link']);
    ctx.clock.advance(24 * 3600 * 1000);
    expect(await ctx.mailsTo(email)).toEqual([]);
  });
});

describe('e-mail outbox worker in dev-outbox mode', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp('pglite', { ...relaxedLimits, MAIL_POLL_INTERVAL_MS: '100' });
  });
  afterAll(async () => ctx?.close());

  it('delivers to /dev/outbox by itself within about a second', async () => {
    const { email } = await registerCandidate(ctx);
    const deadline = Date.now() + 3000;
    let kept: { to: string; kind: string }[] = [];
    while (Date.now() < deadline) {
      kept = (await ctx.app.inject({ url: '/dev/outbox' })).json();
      if (kept.some((m) => m.to === email)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(kept.find((m) => m.to === email)?.kind).toBe('confirmation-link');
  });
});

describe('e-mail templates', () => {
  const site = { portalUrl: 'http://portal.test' };
  it('escape HTML, set the language, and carry the code or link in both parts', () => {
    const code = signInCodeMail('a@example.com', '012345', site);
    expect(code.subject).toBe('Your Careers Portal sign-in code: 012345');
    expect(code.html).toMatch(/<html lang="en">/);
    expect(code.html).toMatch(/<h1[^>]*>Your sign-in code<\/h1>/);
    expect(code.html).toContain('user-select:all');
    expect(code.text).toContain('012345');
    expect(code.text).toMatch(/If this was not you/);
    const link = passwordResetMail('a@example.com', 'http://portal.test/account/reset/a%40example.com/tok"<x>', site);
    expect(link.html).toContain('tok&quot;&lt;x&gt;');
    expect(link.html).not.toContain('tok"<x>');
    expect(link.text).toContain('http://portal.test/account/reset/a%40example.com/tok"<x>');
    expect(escapeHtml(`<a href='x'>&`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;');
  });
});
