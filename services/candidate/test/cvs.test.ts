import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CV_MAX_BYTES } from '@careers/contracts/candidate';
import { databaseKinds } from '@careers/server-kit/testing';
import { eventually, multipart, newCandidate, startTestApp, type TestApp } from './helpers';
import { documentXml, fakeExe, oleHeaderFile, tinyDocx, tinyPdf, zip } from './fixtures';

const WRONG_FORMAT = 'Must be in the following format: pdf, doc, docx, txt';

describe.each(databaseKinds())('CV files on %s', { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  async function upload(headers: Record<string, string>, name: string, content: Buffer, type?: string) {
    const body = multipart(name, content, type);
    return t.app.inject({
      method: 'POST',
      url: '/cvs',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }

  /** What exists: CV rows, stored CV objects, and spooled uploads. */
  async function stored() {
    const rows = await t.deps.database.db.selectFrom('cvs').select('id').execute();
    const objects = await t.deps.storage.list('cvs');
    const spool = await fs.readdir(t.config.uploadTempDir).catch(() => []);
    return { rows: rows.length, objects: objects.length, spool: spool.length };
  }

  async function parsed(headers: Record<string, string>, cvId: string) {
    // Each parse starts a capped node process, one job after another: seconds apiece on a busy machine.
    return eventually(async () => {
      const cv = (await t.app.inject({ url: '/cvs', headers })).json().cvs.find((c: { id: string }) => c.id === cvId);
      return cv && cv.cvParseStatus !== 'Pending' ? cv : undefined;
    }, 60_000);
  }

  it('accepts PDF, DOCX and TXT by their bytes, lists them newest first, and parses them in the background', async () => {
    const { headers } = await newCandidate(t);
    const pdf = await upload(headers, 'resume.pdf', tinyPdf('Experienced welder'), 'application/pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.json()).toEqual({ cvId: expect.any(String), fileName: 'resume.pdf' });
    const docx = await upload(headers, 'resume.docx', tinyDocx(['Senior gardener', 'Hedges and lawns']));
    expect(docx.statusCode).toBe(200);
    // The declared type is ignored: text is text whatever the part says.
    const txt = await upload(headers, 'notes.txt', Buffer.from('Forklift licence, café owner ✓\n'), 'application/pdf');
    expect(txt.statusCode).toBe(200);

    const list = (await t.app.inject({ url: '/cvs', headers })).json();
    expect(list.cvCount).toBe(3);
    expect(list.cvs.map((c: { fileName: string }) => c.fileName)).toEqual(['notes.txt', 'resume.docx', 'resume.pdf']);
    expect(list.cvs.map((c: { contentType: string }) => c.contentType)).toEqual([
      'text/plain; charset=utf-8',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/pdf',
    ]);

    for (const [res, words] of [
      [pdf, 'Experienced welder'],
      [docx, 'Hedges and lawns'],
      [txt, 'Forklift licence'],
    ] as const) {
      const cv = await parsed(headers, res.json().cvId);
      expect(cv.cvParseStatus).toBe('Parsed');
      const row = await t.deps.database.db
        .selectFrom('cvs')
        .select('parsed_text')
        .where('id', '=', res.json().cvId)
        .executeTakeFirstOrThrow();
      expect(row.parsed_text).toContain(words);
    }
  });

  it('keeps the same bytes from the same candidate as one CV (one row, one stored file), also under concurrent uploads; another candidate keeps their own', async () => {
    const { headers } = await newCandidate(t);
    const bytes = tinyPdf(`Same CV ${Date.now()}`);
    const before = await stored();
    const first = await upload(headers, 'My CV.pdf', bytes);
    expect(first.statusCode).toBe(200);
    const again = await upload(headers, 'My CV (1).pdf', bytes);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ cvId: first.json().cvId, fileName: 'My CV.pdf' });
    const racing = await Promise.all([1, 2, 3].map((n) => upload(headers, `copy ${n}.pdf`, bytes)));
    for (const res of racing) expect([first.json().cvId, undefined]).toContain(res.json().cvId);
    expect(racing.filter((res) => res.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    const list = (await t.app.inject({ url: '/cvs', headers })).json();
    expect(list.cvCount).toBe(1);
    expect((await stored()).objects - before.objects).toBe(1);
    expect((await stored()).rows - before.rows).toBe(1);

    // Different bytes are a different CV; the same bytes from another candidate are theirs.
    const other = await upload(headers, 'My CV.pdf', tinyPdf(`Another CV ${Date.now()}`));
    expect(other.json().cvId).not.toBe(first.json().cvId);
    const someoneElse = await newCandidate(t);
    const theirs = await upload(someoneElse.headers, 'My CV.pdf', bytes);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().cvId).not.toBe(first.json().cvId);
    expect((await t.app.inject({ url: '/cvs', headers: someoneElse.headers })).json().cvCount).toBe(1);

    // Deleted, it can be uploaded again as a new CV.
    expect((await t.app.inject({ method: 'DELETE', url: `/cvs/${first.json().cvId}`, headers })).statusCode).toBe(200);
    const fresh = await upload(headers, 'My CV.pdf', bytes);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().cvId).not.toBe(first.json().cvId);
  });

  it('accepts a DOC by its OLE header; a body it cannot read ends as Failed, not Pending', async () => {
    const { headers } = await newCandidate(t);
    const res = await upload(headers, 'old.doc', oleHeaderFile());
    expect(res.statusCode).toBe(200);
    const cv = await parsed(headers, res.json().cvId);
    expect(cv.contentType).toBe('application/msword');
    expect(['Failed', 'Unsupported']).toContain(cv.cvParseStatus);
  });

  it('refuses an .exe renamed .pdf with 415 and stores nothing', async () => {
    const { headers } = await newCandidate(t);
    const before = await stored();
    const res = await upload(headers, 'cv.pdf', fakeExe(), 'application/pdf');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: 415, detail: WRONG_FORMAT });
    expect(await stored()).toEqual(before);
  });

  it('refuses 10 MB plus one byte with 413 and stores nothing; exactly 10 MB is fine', async () => {
    const { headers } = await newCandidate(t);
    const before = await stored();
    const tooBig = await upload(headers, 'big.txt', Buffer.alloc(CV_MAX_BYTES + 1, 'a'));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ status: 413, title: 'Content Too Large' });
    expect(await stored()).toEqual(before);

    const limit = await upload(headers, 'limit.txt', Buffer.alloc(CV_MAX_BYTES, 'a'));
    expect(limit.statusCode).toBe(200);
  });

  it('refuses zip bombs named .docx (declared or actual size past the bound) and zips without a document', async () => {
    const { headers } = await newCandidate(t);
    const before = await stored();
    const declaredBomb = zip([
      { name: 'word/document.xml', data: Buffer.from(documentXml(['x'])), declaredSize: 0xfffffff0 },
    ]);
    // Declares a small document.xml but inflates to 40 MB: the actual-size check stops it.
    const lyingBomb = zip([
      { name: 'word/document.xml', data: Buffer.alloc(40 * 1024 * 1024, 0x20), declaredSize: 100 },
    ]);
    // Honest but huge: 70 MB of XML in a small zip.
    const bigBomb = zip([{ name: 'word/document.xml', data: Buffer.alloc(70 * 1024 * 1024, 0x20) }]);
    const noDocument = zip([{ name: 'hello.txt', data: Buffer.from('hello') }]);
    for (const [name, bytes] of [
      ['declared.docx', declaredBomb],
      ['lying.docx', lyingBomb],
      ['big.docx', bigBomb],
      ['plain.docx', noDocument],
    ] as const) {
      expect(bytes.length).toBeLessThan(CV_MAX_BYTES);
      const res = await upload(headers, name, bytes);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().detail).toBe(WRONG_FORMAT);
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses empty files and requests without a file', async () => {
    const { headers } = await newCandidate(t);
    expect((await upload(headers, 'empty.txt', Buffer.alloc(0))).statusCode).toBe(400);
    const notMultipart = await t.app.inject({ method: 'POST', url: '/cvs', headers, payload: { file: 'x' } });
    expect(notMultipart.statusCode).toBeGreaterThanOrEqual(400);
    expect(notMultipart.statusCode).toBeLessThan(500);
  });

  it("sanitizes the file name ('../', control characters, length) and never uses it as the storage key", async () => {
    const { headers } = await newCandidate(t);
    const res = await upload(headers, '../../etc/pass\u0007wd\u202e.pdf', tinyPdf('x'));
    expect(res.statusCode).toBe(200);
    expect(res.json().fileName).toBe('passwd.pdf');
    const long = await upload(headers, `${'é'.repeat(300)}.txt`, Buffer.from('hi'));
    expect(Array.from(long.json().fileName as string)).toHaveLength(255);
    expect(long.json().fileName.endsWith('.txt')).toBe(true);
    const row = await t.deps.database.db
      .selectFrom('cvs')
      .select('storage_key')
      .where('id', '=', res.json().cvId)
      .executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(/^cvs\/[0-9a-f-]{36}$/);
  });

  it('downloads with attachment disposition, nosniff, a sandbox CSP, and answers Range with 206 / 416', async () => {
    const { headers } = await newCandidate(t);
    const content = Buffer.from('0123456789 Zoë’s CV\n');
    const { cvId } = (await upload(headers, 'Zoë CV (final).txt', content)).json();

    const whole = await t.app.inject({ url: `/cvs/download/${cvId}`, headers });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(content)).toBe(true);
    expect(whole.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(whole.headers['content-disposition']).toBe(
      `attachment; filename="Zo_ CV (final).txt"; filename*=UTF-8''Zo%C3%AB%20CV%20%28final%29.txt`,
    );
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(whole.headers['accept-ranges']).toBe('bytes');

    const part = await t.app.inject({ url: `/cvs/download/${cvId}`, headers: { ...headers, range: 'bytes=2-5' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('2345');
    expect(part.headers['content-range']).toBe(`bytes 2-5/${content.length}`);
    const suffix = await t.app.inject({ url: `/cvs/download/${cvId}`, headers: { ...headers, range: 'bytes=-3' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(content.subarray(content.length - 3))).toBe(true);

    const outside = await t.app.inject({
      url: `/cvs/download/${cvId}`,
      headers: { ...headers, range: `bytes=${content.length}-` },
    });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${content.length}`);
  });

  it("keeps another user's CVs unreachable (404) for download, delete and preview", async () => {
    const owner = await newCandidate(t);
    const { cvId } = (await upload(owner.headers, 'mine.pdf', tinyPdf('private'))).json();
    const intruder = await newCandidate(t);
    for (const req of [
      { url: `/cvs/download/${cvId}` },
      { url: `/cvs/${cvId}`, method: 'DELETE' as const },
      { url: `/cvs/${cvId}/preview-link`, method: 'POST' as const },
      { url: `/cvs/${cvId}/preview` },
    ]) {
      const res = await t.app.inject({ ...req, headers: intruder.headers });
      expect(res.statusCode, req.url).toBe(404);
    }
    expect((await t.app.inject({ url: '/cvs', headers: intruder.headers })).json()).toEqual({ cvCount: 0, cvs: [] });
    expect((await t.app.inject({ url: `/cvs/download/${cvId}`, headers: owner.headers })).statusCode).toBe(200);
  });

  it('deletes a CV with its file', async () => {
    const { headers } = await newCandidate(t);
    const { cvId } = (await upload(headers, 'gone.txt', Buffer.from('bye'))).json();
    const row = await t.deps.database.db
      .selectFrom('cvs')
      .select('storage_key')
      .where('id', '=', cvId)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'DELETE', url: `/cvs/${cvId}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: cvId, fileName: 'gone.txt' });
    expect(await t.deps.storage.size(row.storage_key)).toBeNull();
    expect((await t.app.inject({ method: 'DELETE', url: `/cvs/${cvId}`, headers })).statusCode).toBe(404);
  });

  it('deleting the candidate removes all its CV rows and files', async () => {
    const { headers, candidateId } = await newCandidate(t);
    await upload(headers, 'a.txt', Buffer.from('a'));
    await upload(headers, 'b.pdf', tinyPdf('b'));
    const keys = (
      await t.deps.database.db.selectFrom('cvs').select('storage_key').where('candidate_id', '=', candidateId).execute()
    ).map((r) => r.storage_key);
    expect(keys).toHaveLength(2);
    const res = await t.app.inject({ method: 'DELETE', url: '/candidate', headers, payload: { id: candidateId } });
    expect(res.statusCode).toBe(200);
    for (const key of keys) expect(await t.deps.storage.size(key)).toBeNull();
    expect(
      await t.deps.database.db.selectFrom('cvs').select('id').where('candidate_id', '=', candidateId).execute(),
    ).toEqual([]);
  });

  describe('preview', () => {
    it("serves a PDF inline to its owner's bearer token, sandboxed and framable only by the portal", async () => {
      const { headers } = await newCandidate(t);
      const { cvId } = (await upload(headers, 'p.pdf', tinyPdf('preview me'))).json();
      // The portal's one CV preview (docs/decisions/0021): the candidate's pages fetch it with the bearer token.
      expect((await t.app.inject({ method: 'POST', url: `/cvs/${cvId}/preview-link`, headers })).statusCode).toBe(404);
      const res = await t.app.inject({ url: `/cvs/${cvId}/preview`, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^inline; filename="p.pdf"/);
      expect(res.headers['content-security-policy']).toBe(
        `sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors ${t.config.portalUrl}`,
      );
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

      expect((await t.app.inject({ url: `/cvs/${cvId}/preview?token=nope` })).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/cvs/${cvId}/preview` })).statusCode).toBe(401);
    });

    it('serves a DOCX as sanitized HTML without script', async () => {
      const { headers } = await newCandidate(t);
      const evil = tinyDocx(['Hello <script>alert(1)</script>', 'Plain words']);
      const { cvId } = (await upload(headers, 'd.docx', evil)).json();
      const res = await t.app.inject({ url: `/cvs/${cvId}/preview`, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
      expect(res.body).toContain('<p>Plain words</p>');
      expect(res.body).not.toMatch(/<script/i);
    });
  });
});
