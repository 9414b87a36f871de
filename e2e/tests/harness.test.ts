/**
 * The harness itself: the MIME reading that the sign-in and link flows depend on, and the SMTP sink's
 * round trip (SMTP in, HTTP out), so a broken mailbox shows up here and not as a puzzling flow failure.
 */
import net from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { latestCode, latestLink, mailboxMark, mailFor } from '../support/mailbox';
import { parseMail } from '../support/mime';

// As nodemailer writes it: folded encoded-word subject, multipart/alternative, quoted-printable.
const NODEMAILER_MESSAGE = `From: Careers Portal <no-reply@careers.localhost>
To: Zo=C3=AB.Test+1@example.com
Subject: =?UTF-8?Q?Your_sign-in_code=3A_123456_=E2=80=93_Ca?=
 =?UTF-8?Q?reers_Portal?=
MIME-Version: 1.0
Content-Type: multipart/alternative;
 boundary="--_NmP-ef21ab672a9b3a41-Part_1"

----_NmP-ef21ab672a9b3a41-Part_1
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: quoted-printable

Hello Zo=C3=AB,

Your verification code is 482913. It is valid for 10 =
minutes.

Confirm: http://127.0.0.1:4000/confirm/3b5e/abc%2Fdef/ghi?=
x=3D1&y=3D2
----_NmP-ef21ab672a9b3a41-Part_1
Content-Type: text/html; charset=utf-8
Content-Transfer-Encoding: quoted-printable

<p>Hello Zo=C3=AB,</p><p>Your verification code is <b>482913</b>.</p><p><a =
href=3D"http://127.0.0.1:4000/reset/a%40b.c/tok?=
x=3D1&amp;y=3D2">Reset</a></p>
----_NmP-ef21ab672a9b3a41-Part_1--
`.replace(/\n/g, '\r\n');

describe('parseMail', () => {
  it('reads subject, text, code and links from a nodemailer message', () => {
    const mail = parseMail(NODEMAILER_MESSAGE);
    expect(mail.subject).toBe('Your sign-in code: 123456 – Careers Portal');
    expect(mail.text).toContain('Hello Zoë,');
    expect(mail.text).toContain('valid for 10 minutes.');
    // The body's code, not the one in the subject.
    expect(mail.code).toBe('482913');
    expect(mail.links).toEqual([
      'http://127.0.0.1:4000/confirm/3b5e/abc%2Fdef/ghi?x=1&y=2',
      'http://127.0.0.1:4000/reset/a%40b.c/tok?x=1&y=2',
    ]);
  });

  it('falls back to the HTML part and reads base64 parts', () => {
    const html = Buffer.from(
      '<p>Code: <strong>000123</strong></p><a href="https://x.test/a?b=1&amp;c=2">go</a>',
    ).toString('base64');
    const raw = `Subject: plain\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${html}\r\n`;
    const mail = parseMail(raw);
    expect(mail.text).toBe('Code: 000123\ngo');
    expect(mail.code).toBe('000123');
    expect(mail.links).toEqual(['https://x.test/a?b=1&c=2']);
  });

  it('finds no code where there is none of exactly six digits, nor inside links and tokens', () => {
    expect(parseMail('Subject: x\r\n\r\nCall 0123456789 or 12345.\r\n').code).toBeNull();
    const confirmation =
      'Subject: Confirm\r\n\r\nConfirm:\r\nhttp://127.0.0.1:4000/confirm/u1/aB-123456-x_654321\r\nToken ab123456 or 123456cd.\r\n';
    expect(parseMail(confirmation).code).toBeNull();
  });
});

describe('SMTP sink', () => {
  it('keeps what arrives over SMTP and serves it per recipient over HTTP', async () => {
    const since = await mailboxMark();
    const to = `sink-${Date.now()}@example.com`;
    await sendRawSmtp(to, NODEMAILER_MESSAGE);
    expect(await latestCode(to, { since })).toBe('482913');
    expect(await latestLink(to, '/reset/', { since })).toBe('http://127.0.0.1:4000/reset/a%40b.c/tok?x=1&y=2');
    // Recipient matching ignores case, and nobody else sees the message.
    expect(await mailFor(to.toUpperCase(), since)).toHaveLength(1);
    expect(await mailFor('someone-else@example.com', since)).toHaveLength(0);
  });
});

/** A minimal SMTP client: enough to put one message into the sink without another dependency. */
async function sendRawSmtp(to: string, message: string): Promise<void> {
  const smtpPort = Number(new URL(inject('stack').smtpUrl).port);
  const socket = net.connect(smtpPort, '127.0.0.1');
  socket.setEncoding('utf8');
  let buffer = '';
  const waiters: ((line: string) => void)[] = [];
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    // A reply is complete at a line "NNN text" (a dash after the code means more lines follow).
    for (let m = /^(\d{3}) .*\r\n/m.exec(buffer); m; m = /^(\d{3}) .*\r\n/m.exec(buffer)) {
      buffer = buffer.slice(m.index + m[0].length);
      waiters.shift()?.(m[0]);
    }
  });
  const reply = () => new Promise<string>((resolve) => waiters.push(resolve));
  const command = async (line: string, expected: string) => {
    const answer = reply();
    socket.write(`${line}\r\n`);
    expect((await answer).slice(0, 3)).toBe(expected);
  };
  expect((await reply()).slice(0, 3)).toBe('220');
  await command('EHLO e2e.test', '250');
  await command('MAIL FROM:<no-reply@careers.localhost>', '250');
  await command(`RCPT TO:<${to}>`, '250');
  await command('DATA', '354');
  await command(`${message.replace(/\r\n\./g, '\r\n..')}\r\n.`, '250');
  await command('QUIT', '221');
  socket.end();
}
