import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOutboxRoutes } from '../src/dev-outbox';
import { createHttpApp, type App } from '../src/http';
import { createLogger } from '../src/logger';
import { createMailTransport } from '../src/mail';
import { renderMail } from '../src/mail-layout';
import { devOutboxDir } from '../src/service-config';

const logger = createLogger('test', 'silent');
const mail = (to: string, subject: string, extra: { expiresAt?: number } = {}) => ({
  ...renderMail({
    to,
    kind: 'test',
    subject,
    heading: subject,
    body: ['Hello <you>'],
    button: { label: 'Open it', url: 'http://portal.test/open?x=1' },
    footer: { why: 'Because.', contactUrl: 'http://portal.test/contact-us' },
  }),
  ...extra,
});

describe('the dev outbox shared by both services', () => {
  let dir: string;
  let app: App;
  let now = Date.now();
  const identity = () => createMailTransport({ from: 'a@x', logger, outboxDir: dir, now: () => now });
  beforeAll(async () => {
    dir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'dev-outbox-')), 'dev-outbox');
    app = await createHttpApp({ name: 'test', logger, corsOrigins: [], ready: async () => {} });
    const reader = identity();
    devOutboxRoutes(app, { list: () => reader.list!(), trustProxy: false });
    await app.ready();
  });
  afterAll(() => app.close());

  it('exists only in the embedded default: no SMTP server, no database URL', () => {
    const env = { DATA_DIR: '/srv/data', SMTP_URL: undefined } as never;
    expect(devOutboxDir(env, undefined)).toBe(path.join('/srv/data', 'dev-outbox'));
    expect(devOutboxDir(env, 'postgres://db/x')).toBeUndefined();
    expect(devOutboxDir({ DATA_DIR: '/srv/data', SMTP_URL: 'smtp://mail' } as never, undefined)).toBeUndefined();
  });

  it("lists what another process's transport sent to the same folder, newest first, and drops expired codes", async () => {
    const candidate = createMailTransport({ from: 'b@x', logger, outboxDir: dir });
    await identity().send(mail('a@example.test', 'Your code: 123456', { expiresAt: now + 60_000 }));
    await new Promise((r) => setTimeout(r, 5));
    await candidate.send(mail('a@example.test', 'Your application was sent'));
    expect(identity().list!().map((m) => m.subject)).toEqual(['Your application was sent', 'Your code: 123456']);
    now += 120_000;
    expect(identity().list!().map((m) => m.subject)).toEqual(['Your application was sent']);
    // The message files are the owner's only: they hold live codes and links.
    const [file] = (await fs.readdir(dir)).filter((n) => n.endsWith('.json'));
    expect((await fs.stat(path.join(dir, file!))).mode & 0o077).toBe(0);
  });

  it('answers a browser a readable page, scripts JSON, and shows each e-mail sandboxed', async () => {
    await identity().send(mail('b@example.test', 'Your Careers Portal sign-in code: 654321'));
    const json = await app.inject({ url: '/dev/outbox' });
    expect(json.headers['content-type']).toMatch(/application\/json/);
    const list = json.json() as { id: string; subject: string }[];
    expect(list[0]!.subject).toBe('Your Careers Portal sign-in code: 654321');

    const page = await app.inject({ url: '/dev/outbox', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).not.toMatch(/script-src/);
    // Newest first, the code easy to find, the link of a link e-mail clickable, each e-mail's HTML one click away.
    expect(page.body.indexOf('654321')).toBeLessThan(page.body.indexOf('Your application was sent'));
    expect(page.body).toContain('<output>654321</output>');
    expect(page.body).toContain('<a href="http://portal.test/open?x=1">');
    expect(page.body).toContain(`href="http://localhost:80/dev/outbox/${list[0]!.id}"`);
    expect(page.body).not.toContain('Hello <you>');

    const one = await app.inject({ url: `/dev/outbox/${list[0]!.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toMatch(/text\/html/);
    expect(one.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(one.body).toContain('Hello &lt;you&gt;');
    expect((await app.inject({ url: '/dev/outbox/nope' })).statusCode).toBe(404);
  });

  it('answers no one but a loopback peer', async () => {
    const res = await app.inject({ url: '/dev/outbox', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('654321');
  });
});
