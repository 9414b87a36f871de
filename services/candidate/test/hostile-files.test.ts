import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CV_MAX_BYTES } from '@careers/contracts/candidate';
import { databaseKinds } from '@careers/server-kit/testing';
import { rssGrowth } from '@careers/test-support/hostile-suite';
import { MAX_PARSE_ATTEMPTS } from '../src/background/workers';
import { fileURLToPath } from 'node:url';
import { EXTRACTION_LIMITS, runCappedChild } from '../src/modules/cvs/cv-extraction';
import { eventually, multipart, newCandidate, startTestApp, type TestApp } from './helpers';
import { deflatedZeros, documentXml, flateBombPdf, hiddenPartDocx, tinyDocx, tinyPdf, zip } from './fixtures';

const MIB = 1024 * 1024;
/**
 * The stated bound on the service's own resident memory, whatever the file (docs/security.md): parsing runs
 * in a child process the OS caps (CV_EXTRACTION_MEMORY_MB each, two at once), outside this process.
 */
const RSS_GROWTH_BOUND = 300 * MIB;
const hostileChild = fileURLToPath(new URL('./hostile-child.mjs', import.meta.url));

/** The DOCX of issue 8: styles.xml declares 100 bytes and holds 1000 MiB of zeros. */
function docxBomb(): Buffer {
  const plain = tinyDocx(['Looks like a CV']);
  expect(plain.length).toBeGreaterThan(0);
  return zip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'word/document.xml', data: Buffer.from(documentXml(['Looks like a CV'])) },
    { name: 'word/styles.xml', data: Buffer.alloc(0), compressed: deflatedZeros(1000), declaredSize: 100 },
  ]);
}

// Every extraction starts a capped node process: seconds apiece on a busy machine.
describe.each(databaseKinds())('hostile CV files on %s', { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  async function upload(headers: Record<string, string>, name: string, content: Buffer) {
    const body = multipart(name, content);
    return t.app.inject({
      method: 'POST',
      url: '/cvs',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }

  /** A file put in the store as an earlier version (without the upload checks) would have, then queued. */
  async function storedBeforeTheChecks(candidateId: string, fileType: 'docx' | 'pdf', bytes: Buffer) {
    const id = randomUUID();
    const key = `cvs/${randomUUID()}`;
    await t.deps.storage.put(key, Readable.from([bytes]), 'application/octet-stream');
    await t.deps.database.db
      .insertInto('cvs')
      .values({
        id,
        candidate_id: candidateId,
        file_name: `old.${fileType}`,
        content_type: 'application/octet-stream',
        file_type: fileType,
        storage_key: key,
        size_bytes: bytes.length,
      })
      .execute();
    await t.deps.jobs.enqueueCvParse(id);
    return id;
  }

  async function finalStatus(cvId: string) {
    return eventually(async () => {
      const row = await t.deps.database.db
        .selectFrom('cvs')
        .select(['parse_status', 'parse_error'])
        .where('id', '=', cvId)
        .executeTakeFirstOrThrow();
      return row.parse_status === 'Pending' ? undefined : row;
    }, 60_000);
  }

  it('refuses the DOCX bomb at upload (415, nothing stored) without inflating it', async () => {
    const { headers } = await newCandidate(t);
    const bomb = docxBomb();
    expect(bomb.length).toBeLessThan(CV_MAX_BYTES);
    let res;
    const growth = await rssGrowth(async () => {
      res = await upload(headers, 'cv.docx', bomb);
    });
    expect(res!.statusCode).toBe(415);
    expect(await t.deps.storage.list('cvs')).toHaveLength(0);
    expect(growth).toBeLessThan(RSS_GROWTH_BOUND);
  });

  it('ends a DOCX bomb that is already stored as Failed, within the memory bound, and previews nothing', async () => {
    const { headers, candidateId } = await newCandidate(t);
    let cvId = '';
    const growth = await rssGrowth(async () => {
      cvId = await storedBeforeTheChecks(candidateId, 'docx', docxBomb());
      expect(await finalStatus(cvId)).toMatchObject({
        parse_status: 'Failed',
        parse_error: expect.stringContaining('word/styles.xml'),
      });
      const preview = await t.app.inject({ url: `/cvs/${cvId}/preview`, headers });
      expect(preview.statusCode).toBe(422);
      expect(preview.json().detail).toBe('This file cannot be previewed. Download it instead.');
    });
    expect(growth).toBeLessThan(RSS_GROWTH_BOUND);
  });

  it('ends a PDF with a Flate bomb stream as Failed, within the memory bound', async () => {
    const { headers } = await newCandidate(t);
    let cvId = '';
    const growth = await rssGrowth(async () => {
      const res = await upload(headers, 'cv.pdf', flateBombPdf(1000));
      expect(res.statusCode).toBe(200);
      cvId = res.json().cvId;
      expect(await finalStatus(cvId)).toMatchObject({
        parse_status: 'Failed',
        parse_error: expect.stringContaining('unpack'),
      });
    });
    expect(growth).toBeLessThan(RSS_GROWTH_BOUND);
  });

  it('refuses the DOCX whose central directory holds a part its end record does not declare, everywhere', async () => {
    const { headers, candidateId } = await newCandidate(t);
    const bomb = hiddenPartDocx(1000);
    expect(bomb.length).toBeLessThan(2 * MIB);
    const growth = await rssGrowth(async () => {
      expect((await upload(headers, 'cv.docx', bomb)).statusCode).toBe(415);
      const cvId = await storedBeforeTheChecks(candidateId, 'docx', bomb);
      expect(await finalStatus(cvId)).toMatchObject({
        parse_status: 'Failed',
        parse_error: expect.stringContaining('central directory holds 4 parts'),
      });
      const preview = await t.app.inject({ url: `/cvs/${cvId}/preview`, headers });
      expect(preview.statusCode).toBe(422);
    });
    expect(growth).toBeLessThan(RSS_GROWTH_BOUND);
  });

  it('ends a 4 KB PDF whose stream is deflated twice (2000 MiB decoded) as Failed, within the bound', async () => {
    const { headers } = await newCandidate(t);
    const bomb = flateBombPdf(2000, 2);
    expect(bomb.length).toBeLessThan(16 * 1024);
    const growth = await rssGrowth(async () => {
      const res = await upload(headers, 'cv.pdf', bomb);
      expect(res.statusCode).toBe(200);
      expect(await finalStatus(res.json().cvId)).toMatchObject({
        parse_status: 'Failed',
        parse_error: expect.stringContaining('unpack to more than'),
      });
    });
    expect(growth).toBeLessThan(RSS_GROWTH_BOUND);
  });

  it('holds the memory cap for a file inside the unpack bounds: pdf.js never gets past it', async () => {
    const { headers } = await newCandidate(t);
    try {
      // 240 MiB decoded passes the 256 MiB count; the child may hold 200 MiB.
      t.config.cvExtraction = { ...EXTRACTION_LIMITS, memoryMb: 200, maxOldGenerationSizeMb: 64 };
      const growth = await rssGrowth(async () => {
        const res = await upload(headers, 'cv.pdf', flateBombPdf(240));
        expect(res.statusCode).toBe(200);
        const row = await finalStatus(res.json().cvId);
        // pdf.js may swallow the failed allocation and answer no text: either way nothing got past the cap.
        expect(['Failed', 'Parsed']).toContain(row.parse_status);
        if (row.parse_status === 'Failed') expect(row.parse_error).toMatch(/out of memory|crashed/);
      });
      expect(growth).toBeLessThan(RSS_GROWTH_BOUND);
    } finally {
      t.config.cvExtraction = { ...EXTRACTION_LIMITS };
    }
  });

  it('keeps the service answering, within the bound, while a parser allocates 2 GiB', async () => {
    let answered = 0;
    let slowest = 0;
    const growth = await rssGrowth(async () => {
      let done = false;
      const parsing = runCappedChild(hostileChild, [Buffer.from('allocate')], EXTRACTION_LIMITS).then(
        () => 'finished',
        (err: { kind?: string }) => err.kind,
      );
      void parsing.finally(() => {
        done = true;
      });
      while (!done) {
        const asked = Date.now();
        const res = await t.app.inject({ url: '/healthz' });
        slowest = Math.max(slowest, Date.now() - asked);
        if (res.statusCode === 200) answered++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await parsing).toBe('out-of-memory');
    });
    expect(answered).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(500);
    expect(growth).toBeLessThan(RSS_GROWTH_BOUND);
  });

  it('ends a file that breaks the parser as Failed and keeps serving', async () => {
    const { headers } = await newCandidate(t);
    const broken = Buffer.concat([
      tinyPdf('cut short').subarray(0, 120),
      Buffer.from('\u0000\u00ff garbage', 'latin1'),
    ]);
    const res = await upload(headers, 'broken.pdf', broken);
    expect(res.statusCode).toBe(200);
    expect((await finalStatus(res.json().cvId)).parse_status).toBe('Failed');
    expect((await t.app.inject({ url: '/cvs', headers })).statusCode).toBe(200);
  });

  it('stops a parser that runs out of its heap or its time, and the next file parses normally', async () => {
    const { headers } = await newCandidate(t);
    try {
      t.config.cvExtraction = { ...EXTRACTION_LIMITS, maxOldGenerationSizeMb: 4 };
      const oom = await upload(headers, 'a.docx', tinyDocx(['Heap']));
      expect(await finalStatus(oom.json().cvId)).toMatchObject({
        parse_status: 'Failed',
        parse_error: 'the parser ran out of memory',
      });

      t.config.cvExtraction = { ...EXTRACTION_LIMITS, timeoutMs: 1 };
      const slow = await upload(headers, 'b.docx', tinyDocx(['Time']));
      expect(await finalStatus(slow.json().cvId)).toMatchObject({
        parse_status: 'Failed',
        parse_error: expect.stringContaining('took longer'),
      });
    } finally {
      t.config.cvExtraction = { ...EXTRACTION_LIMITS };
    }
    const fine = await upload(headers, 'c.docx', tinyDocx(['Gardener']));
    expect((await finalStatus(fine.json().cvId)).parse_status).toBe('Parsed');
  });

  it('gives up on a file whose extraction never finished instead of queueing it at every start', async () => {
    const { candidateId } = await newCandidate(t);
    const cvId = randomUUID();
    const key = `cvs/${randomUUID()}`;
    const bytes = tinyDocx(['Crashed twice']);
    await t.deps.storage.put(key, Readable.from([bytes]), 'application/octet-stream');
    // As left by processes that died during extraction: Pending, with every attempt used.
    await t.deps.database.db
      .insertInto('cvs')
      .values({
        id: cvId,
        candidate_id: candidateId,
        file_name: 'x.docx',
        content_type: 'x',
        file_type: 'docx',
        storage_key: key,
        size_bytes: bytes.length,
        parse_attempts: MAX_PARSE_ATTEMPTS,
        created_at: new Date(Date.now() - 3_600_000),
      })
      .execute();
    await t.deps.jobs.sweep();
    expect(await finalStatus(cvId)).toMatchObject({ parse_status: 'Failed', parse_error: 'parsing did not finish' });
  });
});
