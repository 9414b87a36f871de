import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { eventually, startTestApp, type TestApp } from './helpers';

describe.each(databaseKinds())('contact messages are forwarded to CONTACT_EMAIL (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { CONTACT_EMAIL: 'support@provider.test' }, {}, (config) => {
      config.contactRetryDelaySeconds = 1;
    });
  });
  afterAll(async () => t?.close());

  it('sends the stored message by e-mail in the background and marks it forwarded', async () => {
    const user = randomUUID();
    const payload = {
      name: 'Ada\r\nBcc: x@evil.test',
      phone: '0123',
      email: 'ada@example.test',
      message: 'Please <b>call</b> me',
      source: 'contact-us',
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact/contact',
      headers: await t.auth(user),
      payload,
    });
    expect(res.statusCode).toBe(200);
    const mail = await eventually(async () => t.deps.mail.list!().find((m) => m.kind === 'contact message'));
    expect(mail.to).toBe('support@provider.test');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain('Please <b>call</b> me');
    expect(mail.html).not.toContain('<b>');
    const row = await eventually(async () =>
      t.deps.database.db
        .selectFrom('contact_messages')
        .selectAll()
        .where('user_id', '=', user)
        .where('forwarded_at', 'is not', null)
        .executeTakeFirst(),
    );
    expect(row.forward_attempts).toBe(1);
  });

  it('retries a failed send: the message stays unforwarded until the transport works again', async () => {
    const original = t.deps.mail.send;
    let failures = 0;
    t.deps.mail.send = async (m) => {
      if (failures++ === 0) throw new Error('SMTP down');
      return original(m);
    };
    try {
      const user = randomUUID();
      await t.app.inject({
        method: 'POST',
        url: '/api/contact/contact',
        headers: await t.auth(user),
        payload: { name: 'Retry', phone: '', email: 'r@example.test', message: 'again', source: 'contact-us' },
      });
      const row = await eventually(
        async () =>
          t.deps.database.db
            .selectFrom('contact_messages')
            .selectAll()
            .where('user_id', '=', user)
            .where('forwarded_at', 'is not', null)
            .executeTakeFirst(),
        25_000,
      );
      expect(row.forward_attempts).toBe(2);
    } finally {
      t.deps.mail.send = original;
    }
  });
});

describe.each(databaseKinds())('contact messages are kept when no forwarding address is set (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { CONTACT_EMAIL: '' });
  });
  afterAll(async () => t?.close());

  it('stores every message word for word for the operator and sends no e-mail', async () => {
    const user = randomUUID();
    const payload = {
      name: 'Grace',
      phone: '',
      email: 'grace@example.test',
      message: 'Is my CV readable?',
      source: 'candidate-portal',
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact/contact',
      headers: await t.auth(user),
      payload,
    });
    expect(res.statusCode).toBe(200);
    const row = await t.deps.database.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('user_id', '=', user)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Grace',
      email: 'grace@example.test',
      message: 'Is my CV readable?',
      source: 'candidate-portal',
      forwarded_at: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(t.deps.mail.list!().filter((m) => m.kind === 'contact message')).toHaveLength(0);
    expect(
      await t.deps.database.db.selectFrom('contact_messages').select('id').where('user_id', '=', user).execute(),
    ).toHaveLength(1);
  });
});
