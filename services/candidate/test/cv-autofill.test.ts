import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { BOT_CHECK_FAILED } from '@careers/server-kit/bot-check';
import { solveBotCheck } from '@careers/test-support/bot-check';
import { pdfWithText } from '@careers/test-support/fixtures';
import {
  CV_AUTOFILL_NO_TOKEN,
  CV_AUTOFILL_TOO_MANY,
  CV_UNPACKS_TOO_MUCH,
} from '../src/modules/cv-autofill/cv-autofill.routes';
import { CV_WRONG_FORMAT } from '../src/modules/cvs/cvs.service';
import { fakeExe, flateBombPdf, hiddenPartDocx, tinyDocx } from './fixtures';
import { startTestApp, type TestApp } from './helpers';

/** multipart/form-data with the token field (when given) before the file part. */
function autofillBody(fileName: string, content: Buffer, token?: string) {
  const boundary = `----autofill${Math.random().toString(16).slice(2)}`;
  const tokenPart =
    token === undefined ? '' : `--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n`;
  const head = Buffer.from(
    `${tokenPart}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

const CV_LINES = [
  'Jane Q Doe',
  'Senior Accountant',
  'jane.doe@example.com | Mobile: +44 7700 900123',
  'Experience 2015 - 2020 at Example Ltd',
];

describe.each(databaseKinds())('CV autofill on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { BOT_CHECK_MAX_NUMBER: '1000' }, {}, (config) => {
      config.cvAutofillLimit = { limit: 12, windowSeconds: 600 };
    });
  });
  afterAll(async () => t?.close());

  /** A challenge of this service, solved as the portal's solver does (test-support's solver). */
  async function botToken(): Promise<string> {
    const res = await t.app.inject({ url: '/cv-autofill/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return solveBotCheck(res.json());
  }

  async function autofill(fileName: string, content: Buffer, token?: string, ip = '203.0.113.7') {
    const body = autofillBody(fileName, content, token);
    return t.app.inject({
      method: 'POST',
      url: '/cv-autofill',
      headers: body.headers,
      payload: body.payload,
      remoteAddress: ip,
    });
  }

  async function expectNothingStored() {
    const db = t.deps.database.db;
    expect(await db.selectFrom('cvs').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('candidates').select('id').execute()).toEqual([]);
    expect(await filesUnder(path.join(t.dataDir, 'candidate-files'))).toEqual([]);
    expect(await filesUnder(t.config.uploadTempDir)).toEqual([]);
  }

  it('reads the name, e-mail and phone of a PDF CV', async () => {
    const res = await autofill('cv.pdf', pdfWithText(CV_LINES), await botToken());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      firstName: 'Jane',
      lastName: 'Q Doe',
      email: 'jane.doe@example.com',
      phone: '+44 7700 900123',
    });
    await expectNothingStored();
  });

  it('reads the fields of a DOCX CV, a capitalised name included', async () => {
    const docx = tinyDocx([
      'CURRICULUM VITAE',
      'JOHN VAN DER BERG',
      'Amsterdam, 1 January 1990',
      'Tel. 020-555 0123',
      'john@berg.example.nl',
    ]);
    const res = await autofill('cv.docx', docx, await botToken());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      firstName: 'John',
      lastName: 'van der Berg',
      email: 'john@berg.example.nl',
      phone: '020-555 0123',
    });
    await expectNothingStored();
  });

  it('answers only the fields it finds', async () => {
    const res = await autofill(
      'notes.txt',
      Buffer.from('Skills: bookkeeping, payroll\nReferences on request\n'),
      await botToken(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({});
  });

  it('refuses a request without a token, with a wrong one, and a replayed token', async () => {
    const cv = pdfWithText(CV_LINES);
    const none = await autofill('cv.pdf', cv);
    expect(none.statusCode).toBe(400);
    expect(none.headers['content-type']).toContain('application/problem+json');
    expect(none.json().detail).toBe(CV_AUTOFILL_NO_TOKEN);

    const forged = await autofill(
      'cv.pdf',
      cv,
      Buffer.from('{"algorithm":"SHA-256","challenge":"x","number":1,"salt":"y","signature":"z"}').toString('base64'),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().detail).toBe(BOT_CHECK_FAILED);

    const token = await botToken();
    expect((await autofill('cv.pdf', cv, token)).statusCode).toBe(200);
    const replayed = await autofill('cv.pdf', cv, token);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().detail).toBe(BOT_CHECK_FAILED);
    await expectNothingStored();
  });

  it("does not take the identity service's sign-up tokens (another action)", async () => {
    const { createBotChallenge } = await import('@careers/server-kit/bot-check');
    // Signed with this service's own key but for the identity service's action: still refused.
    const challenge = await createBotChallenge({
      secret: t.deps.botCheckSecret,
      maxNumber: 1000,
      expiresSeconds: 600,
      action: 'submit',
      store: t.deps.store,
      now: Date.now,
    });
    const token = await solveBotCheck(challenge);
    const res = await autofill('cv.pdf', pdfWithText(CV_LINES), token);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(BOT_CHECK_FAILED);
  });

  it('refuses a file that is not a CV (415) and a PDF bomb (422), storing nothing', async () => {
    const exe = await autofill('cv.pdf', fakeExe(), await botToken());
    expect(exe.statusCode).toBe(415);
    expect(exe.headers['content-type']).toContain('application/problem+json');
    expect(exe.json().detail).toBe(CV_WRONG_FORMAT);

    const bomb = await autofill('bomb.pdf', flateBombPdf(300), await botToken());
    expect(bomb.statusCode, bomb.body).toBe(422);
    expect(bomb.headers['content-type']).toContain('application/problem+json');
    expect(bomb.json().detail).toBe(CV_UNPACKS_TOO_MUCH);
    await expectNothingStored();
  });

  it('refuses the DOCX with a part its end record does not declare and the doubly deflated PDF', async () => {
    const docx = await autofill('cv.docx', hiddenPartDocx(1000), await botToken(), '203.0.113.20');
    expect(docx.statusCode, docx.body).toBe(415);
    const pdf = await autofill('cv.pdf', flateBombPdf(2000, 2), await botToken(), '203.0.113.20');
    expect(pdf.statusCode, pdf.body).toBe(422);
    expect(pdf.json().detail).toBe(CV_UNPACKS_TOO_MUCH);
    await expectNothingStored();
  });

  it('reads 20,000 crafted characters quickly, and /healthz answers meanwhile', async () => {
    // The worst case of the former e-mail pattern: a long run of local-part characters with no address.
    const crafted = Buffer.from(`${'a'.repeat(10_000)}@${'a'.repeat(9_999)}`);
    const token = await botToken();
    let done = false;
    const started = Date.now();
    const reading = autofill('cv.txt', crafted, token, '203.0.113.21').finally(() => {
      done = true;
    });
    let slowest = 0;
    let answered = 0;
    while (!done) {
      const asked = Date.now();
      const health = await t.app.inject({ url: '/healthz' });
      slowest = Math.max(slowest, Date.now() - asked);
      if (health.statusCode === 200) answered++;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const res = await reading;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({});
    expect(answered).toBeGreaterThan(0);
    // Generous for a busy machine: the request thread ran the quadratic pattern for seconds before.
    expect(slowest).toBeLessThan(500);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('refuses a file past 10 MB (413)', async () => {
    const res = await autofill('big.txt', Buffer.alloc(10 * 1024 * 1024 + 1, 'a'), await botToken());
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe('The file is larger than 10 MB.');
    await expectNothingStored();
  });

  it('limits each client address, with Retry-After', async () => {
    const ip = '198.51.100.9';
    const cv = Buffer.from('Jane Doe\njane@example.com\n');
    for (let i = 0; i < 12; i++) expect((await autofill('cv.txt', cv, undefined, ip)).statusCode).toBe(400);
    const limited = await autofill('cv.txt', cv, await botToken(), ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().detail).toBe(CV_AUTOFILL_TOO_MANY);
    // Another address is not affected.
    expect((await autofill('cv.txt', cv, await botToken(), '198.51.100.10')).statusCode).toBe(200);
  });

  it('counts every address of one IPv6 /64 as one client', async () => {
    const cv = Buffer.from('Jane Doe\njane@example.com\n');
    // A fresh address of the same /64 for each request: one subscriber, one allowance.
    for (let i = 0; i < 12; i++)
      expect((await autofill('cv.txt', cv, undefined, `2001:db8:77:1::${(i + 1).toString(16)}`)).statusCode).toBe(400);
    const limited = await autofill('cv.txt', cv, await botToken(), '2001:db8:77:1:ffff:ffff:ffff:ffff');
    expect(limited.statusCode).toBe(429);
    expect((await autofill('cv.txt', cv, await botToken(), '2001:db8:77:2::1')).statusCode).toBe(200);
  });
});
