// @vitest-environment node
import { Writable } from 'node:stream';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPortalServer } from './server';
import { parsePortalEnv } from './config';
import { redactPortalUrl } from './request-log';

describe('portal request logs', () => {
  it('redact the tokens of reset, confirmation and undo links, and credentials in queries', () => {
    expect(redactPortalUrl('/account/reset/ada%40example.com/Zm9vYmFy')).toBe('/account/reset/[redacted]');
    expect(redactPortalUrl('/confirm/6f1c2a9e-1111-4222-8333-944445555666/Zm9vYmFy?x=1')).toBe(
      '/confirm/6f1c2a9e-1111-4222-8333-944445555666/[redacted]?x=1',
    );
    expect(redactPortalUrl('/account/undo-email-change/Zm9vYmFy')).toBe('/account/undo-email-change/[redacted]');
    expect(redactPortalUrl('/unsubscribe?token=Zm9vYmFy')).toBe('/unsubscribe?token=[redacted]');
    expect(redactPortalUrl('/apply/abc?utm_source=x&token=t0k')).toBe('/apply/abc?utm_source=x&token=[redacted]');
    expect(redactPortalUrl('/account/login?returnUrl=%2Fcvs')).toBe('/account/login?returnUrl=%2Fcvs');
  });

  it('never write a link token to the log of the running server', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'portal-dist-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Careers Portal</title>');
    const parsed = parsePortalEnv({});
    if (!parsed.ok) throw new Error(parsed.problems.join());
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildPortalServer({ ...parsed.config, distDir: dist }, { logger: true, logStream });
    try {
      expect((await app.inject('/account/reset/ada%40example.com/reset-s3cr3t')).statusCode).toBe(200);
      expect((await app.inject('/confirm/6f1c2a9e-1111-4222-8333-944445555666/confirm-s3cr3t')).statusCode).toBe(200);
      expect((await app.inject('/account/undo-email-change/undo-s3cr3t')).statusCode).toBe(200);
      expect((await app.inject('/unsubscribe?token=unsubscribe-s3cr3t')).statusCode).toBe(200);
      const log = lines.join('');
      expect(log).toContain('/account/undo-email-change/[redacted]');
      expect(log).toContain('/account/reset/[redacted]');
      expect(log).toContain('/confirm/6f1c2a9e-1111-4222-8333-944445555666/[redacted]');
      expect(log).not.toContain('s3cr3t');
      expect(log).not.toContain('ada%40example.com');
    } finally {
      await app.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
