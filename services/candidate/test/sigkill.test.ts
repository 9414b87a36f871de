import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@careers/server-kit/database';
import { createTestDatabase, databaseKinds, freePort, type TestDatabase } from '@careers/server-kit/testing';
import type { CandidateDatabase } from '../src/db';
import { removeOrphanFiles, removeStaleSpoolFiles } from '../src/modules/cvs/orphan-files';
import { createLocalStorage } from '../src/modules/storage/local-storage';
import { tinyPdf } from './fixtures';
import { TEST_ISSUER, TEST_UNSUBSCRIBE_SECRET, multipart, startFakeIdentity, type FakeIdentity } from './helpers';

const serviceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOUR = 3_600_000;

/**
 * Issue 10 item 2: the candidate service killed with SIGKILL (no shutdown of any kind) in the middle
 * of an upload and of a burst of applications, then started again on the same PostgreSQL database and
 * file folder. Every acknowledged application is there for the candidate; every CV row has its file;
 * what the kill left (a spooled upload, a file without a row) is removed by the retention sweep
 * (decision 0122), after which every stored file belongs to a CV.
 */
describe.each(databaseKinds().filter((kind) => kind === 'postgres'))(
  'the candidate service killed mid-work (%s)',
  () => {
    let identity: FakeIdentity;
    let database: TestDatabase;
    let dataDir: string;
    let port: number;
    let child: ChildProcess | undefined;

    const base = () => `http://127.0.0.1:${port}`;

    async function start(): Promise<void> {
      child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: serviceRoot,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          CANDIDATE_PORT: String(port),
          CANDIDATE_DATABASE_URL: database.url,
          UNSUBSCRIBE_SECRET: TEST_UNSUBSCRIBE_SECRET,
          IDENTITY_URL: TEST_ISSUER,
          IDENTITY_JWKS_URL: identity.jwksUrl,
          LOG_LEVEL: 'silent',
          S3_ENDPOINT: '',
          S3_BUCKET: '',
        },
        stdio: 'ignore',
      });
      const deadline = Date.now() + 45_000;
      while (Date.now() < deadline) {
        if (
          await fetch(`${base()}/readyz`).then(
            (r) => r.ok,
            () => false,
          )
        )
          return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('the candidate service did not become ready');
    }

    async function kill(): Promise<void> {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.on('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    }

    const call = async (url: string, init: RequestInit & { token: string; json?: unknown }) => {
      const response = await fetch(`${base()}${url}`, {
        ...init,
        headers: {
          authorization: `Bearer ${init.token}`,
          ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(init.headers as Record<string, string>),
        },
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      });
      const text = await response.text().catch(() => '');
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' shapes are asserted where they are used
      const body: any = text ? JSON.parse(text) : null;
      return { status: response.status, body };
    };

    beforeAll(async () => {
      identity = await startFakeIdentity();
      database = await createTestDatabase('postgres');
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'candidate-sigkill-'));
      port = await freePort();
      await start();
    }, 60_000);

    afterAll(async () => {
      await kill();
      await identity?.close();
      await database?.drop();
      if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    });

    it('loses no acknowledged application or CV, leaves no row without its file, and what it left is swept', async () => {
      const employer = await identity.token(randomUUID(), ['BusinessUser'], { emailVerified: true });
      expect(
        (await call('/business', { method: 'POST', token: employer, json: { name: 'Kill Test Ltd', city: 'Leeds' } }))
          .status,
      ).toBe(200);
      const jobs: string[] = [];
      for (let i = 0; i < 12; i++) {
        const job = await call('/business/jobs', { method: 'POST', token: employer, json: { title: `Job ${i}` } });
        expect(job.status).toBe(200);
        jobs.push(job.body.id);
      }
      const candidate = await identity.token(randomUUID(), ['Candidate']);
      expect(
        (
          await call('/candidate', {
            method: 'POST',
            token: candidate,
            json: { name: 'Kay Test', email: 'kay@example.test', phoneNumber: '0123', postcode: 'LS1 1AA' },
          })
        ).status,
      ).toBe(200);
      const upload = multipart('cv.pdf', tinyPdf('Kay Test CV'));
      const cv = await call('/cvs', {
        method: 'POST',
        token: candidate,
        headers: upload.headers,
        body: upload.payload,
      });
      expect(cv.status).toBe(200);
      const cvId = cv.body.cvId as string;

      // 1. Killed in the middle of an upload: the body is half sent when the process dies.
      const big = multipart('big.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(6 * 1024 * 1024, 0x20)]));
      const half = new Promise<void>((resolve) => {
        const request = http.request(`${base()}/cvs`, {
          method: 'POST',
          headers: {
            ...big.headers,
            authorization: `Bearer ${candidate}`,
            'content-length': String(big.payload.length),
          },
        });
        request.on('error', () => resolve());
        request.write(big.payload.subarray(0, 3 * 1024 * 1024), () => setTimeout(resolve, 500));
      });
      await half;
      await kill();
      await start();

      // The half upload left its spool file on disk, and made no CV.
      const spoolDir = path.join(dataDir, 'candidate-uploads');
      expect((await fs.readdir(spoolDir)).length).toBeGreaterThan(0);

      // 2. Killed in the middle of a burst of applications, the moment the first one is acknowledged.
      const acknowledged: string[] = [];
      let firstAcknowledged: () => void = () => undefined;
      const first = new Promise<void>((resolve) => (firstAcknowledged = resolve));
      const burst = jobs.map((jobId) =>
        call('/job-applications', { method: 'POST', token: candidate, json: { jobId, cvId, readyToWork: true } }).then(
          (answer) => {
            if (answer.status === 200 && answer.body?.isValidResponse) {
              acknowledged.push(answer.body.result.applicationId);
              firstAcknowledged();
            }
          },
          () => undefined,
        ),
      );
      await Promise.race([first, Promise.all(burst)]);
      await kill();
      await Promise.all(burst);
      expect(acknowledged.length).toBeGreaterThan(0);
      await start();

      // Every acknowledged application is the candidate's to see.
      const listed = await call('/job-applications?page=1&pageSize=100', { method: 'GET', token: candidate });
      expect(listed.status).toBe(200);
      const ids = (listed.body.applications as { id: string }[]).map((a) => a.id);
      for (const id of acknowledged) expect(ids).toContain(id);

      // Every CV row has its file: the half upload made no row, and the whole one downloads.
      const cvs = await call('/cvs', { method: 'GET', token: candidate });
      expect((cvs.body.cvs as { id: string }[]).map((c) => c.id)).toEqual([cvId]);
      const download = await fetch(`${base()}/cvs/download/${cvId}`, {
        headers: { authorization: `Bearer ${candidate}` },
      });
      expect(download.status).toBe(200);
      expect(await download.text()).toContain('Kay Test CV');

      // What the kill left behind goes with the hourly sweep, and then every stored file belongs to a CV.
      const storage = createLocalStorage(path.join(dataDir, 'candidate-files'));
      const db = await openDatabase<CandidateDatabase>({ url: database.url, dataDir });
      try {
        const later = new Date(Date.now() + 2 * HOUR);
        await removeOrphanFiles(db.db, storage, later);
        await removeStaleSpoolFiles(spoolDir, later);
        const rows = await db.db.selectFrom('cvs').select('storage_key').execute();
        expect((await storage.list('cvs/')).sort()).toEqual(rows.map((r) => r.storage_key).sort());
        expect(await fs.readdir(spoolDir).catch(() => [])).toEqual([]);
      } finally {
        await db.close();
      }
    }, 150_000);
  },
);
