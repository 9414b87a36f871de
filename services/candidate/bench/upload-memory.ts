/**
 * Streams a 10 MB CV (sent by curl) through the real HTTP server (PGlite in memory, files in a temp folder) and reports
 * how much the process grew meanwhile. Run: node --expose-gc --import tsx services/candidate/bench/upload-memory.ts
 */
import fs from 'node:fs/promises';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { CV_MAX_BYTES } from '@careers/contracts/candidate';
import { createLogger } from '@careers/server-kit/logger';
import { buildApp, openDependencies } from '../src/app';
import { loadConfig } from '../src/config';
import { startFakeIdentity, TEST_ISSUER } from '../test/helpers';

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const identity = await startFakeIdentity();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'candidate-bench-'));
const config = loadConfig({
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  IDENTITY_URL: TEST_ISSUER,
  IDENTITY_JWKS_URL: identity.jwksUrl,
});
config.database.dataDir = undefined as unknown as string;
const logger = createLogger('candidate', 'silent');
const deps = await openDependencies(config, logger);
const app = await buildApp(config, deps, logger);
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const authorization = `Bearer ${await identity.token(randomUUID())}`;
await app.inject({
  method: 'POST',
  url: '/candidate',
  headers: { authorization },
  payload: { name: 'B', email: 'b@example.test', phoneNumber: '1', postcode: '1' },
});

const bigFile = path.join(dataDir, 'big.txt');
await fs.writeFile(bigFile, Buffer.alloc(CV_MAX_BYTES, 'a'));

/** The client is curl, another process: only the server's memory is measured. */
function uploadOnce(): Promise<number> {
  return new Promise((resolve, reject) => {
    const curl = spawn('curl', [
      '-s',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code}',
      '-H',
      `authorization: ${authorization}`,
      '-F',
      `file=@${bigFile}`,
      `${base}/cvs`,
    ]);
    let out = '';
    curl.stdout.on('data', (c: Buffer) => (out += c.toString()));
    curl.on('error', reject);
    curl.on('close', () => resolve(Number(out)));
  });
}

/** Until no CV waits for its text: the background extraction (a worker thread) is measured on its own. */
async function parsed(): Promise<void> {
  for (;;) {
    const pending = await deps.database.db
      .selectFrom('cvs')
      .select('id')
      .where('parse_status', '=', 'Pending')
      .executeTakeFirst();
    if (!pending) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Buffers are freed a little after the collection that finds them: settle before a baseline. */
async function settle(): Promise<NodeJS.MemoryUsage> {
  for (let i = 0; i < 5; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 50));
  }
  return process.memoryUsage();
}

await uploadOnce(); // warm up code paths, the extraction's too
await parsed();
const before = await settle();
let peak = {
  rss: before.rss,
  heap: before.heapUsed + before.arrayBuffers,
  live: before.heapUsed + before.arrayBuffers,
};
let ticks = 0;
const sampler = setInterval(() => {
  let m = process.memoryUsage();
  peak = { ...peak, rss: Math.max(peak.rss, m.rss), heap: Math.max(peak.heap, m.heapUsed + m.arrayBuffers) };
  // Every few samples, collect garbage first: what is still reachable is what the upload holds.
  if (++ticks % 10 === 0) {
    gc();
    m = process.memoryUsage();
    peak.live = Math.max(peak.live, m.heapUsed + m.arrayBuffers);
    if (process.env.BENCH_VERBOSE)
      console.log(
        mb(m.heapUsed - before.heapUsed),
        mb(m.arrayBuffers - before.arrayBuffers),
        mb(m.external - before.external),
      );
  }
}, 2);
const status = await uploadOnce();
const uploaded = { ...peak };
console.log(`upload of ${mb(CV_MAX_BYTES)}: HTTP ${status}`);
const base0 = before.heapUsed + before.arrayBuffers;
console.log(
  `peak growth: live heap+buffers (after GC) ${mb(uploaded.live - base0)}; with garbage ${mb(uploaded.heap - base0)}; RSS ${mb(uploaded.rss - before.rss)}`,
);
// Then the same file's text extraction in the background (a worker thread of this process, within
// EXTRACTION_LIMITS): measured from the upload's answer until its text is in.
await parsed();
clearInterval(sampler);
console.log(`then its text extraction (worker thread): peak RSS growth ${mb(peak.rss - before.rss)}`);
await app.close();
await identity.close();
await fs.rm(dataDir, { recursive: true, force: true });
