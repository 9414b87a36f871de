/**
 * `npm run bench`: starts the whole stack on PostgreSQL (fresh databases, dropped afterwards) and
 * prints, side by side in one run, the figures issue 9 sets targets for. Not part of `npm test`: the
 * numbers move with the machine's load, so read them against the baselines measured in the same run.
 *
 * BENCH_POSTGRES_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_SECONDS the length of each GET /job load run (default 10), BENCH_LIGHTHOUSE_RUNS the audits per
 * page (default 3; 0 leaves Lighthouse out), BENCH_LOAD_CANDIDATES the new candidates applying at once
 * in the load test that ends the run (default 300; 0 leaves it out; scripts/load-apply.ts, its own
 * stack of identity and candidate). `npm run bench -- --load-only` runs the load test alone,
 * `npm run bench -- --page-only` the Lighthouse figures alone (the apply page, its bare twin, and /applications signed in) (BENCH_LIGHTHOUSE_KEEP=<dir> keeps each
 * audit's JSON report there, to read its long tasks and requests). The apply page is measured twice: a demo
 * job, and a job with screening questions, a talent pool and a reply promise (scripts/bench/screening-job.ts);
 * each must come rendered by the server on its first request, or the run stops.
 * BENCH_PORTAL_DIST serves an existing portal build (`npm run build -w apps/web -- --outDir <dir>`)
 * instead of building the current one, e.g. to measure an earlier commit's apply page side by side.
 * BENCH_SKIP_CAREERS=1 leaves the careers page and /jobs out of the Lighthouse figures (the apply page, its
 * bare twin and /applications remain), for before/after pairs of the dashboard.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import os from 'node:os';
import pg from 'pg';
import { freePort, startStack, type Stack } from '../e2e/support/stack';
import { pdfWithText } from '@careers/test-support/fixtures';
import { compareJobApi } from './bench/job-api';
import { medianAudit, medianSignedInAudit, serveBarePage, type PageFigures } from './bench/lighthouse';
import { explainLists, medianMs, timeLists } from './bench/lists';
import { careersBenchPages } from './bench/careers-pages';
import { expectServerRendered, screeningBenchJob } from './bench/screening-job';
import { compareJobSearch, formatJobSearch } from './bench/job-search';
import { BENCH_CANDIDATE, BENCH_EMPLOYER, loadApplications } from './bench/load-applications';
import { startMailSink, type MailSink } from '../e2e/support/mail-sink';
import { Mailbox, reportLoadApply, resetLinkIn, runLoadApply } from './load-apply';
import { benchSigningKey } from './bench/tokens';
import { seedDemo } from './seed-demo';

const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const loadCandidates = Number(process.env.BENCH_LOAD_CANDIDATES ?? 300);
const portalDist = process.env.BENCH_PORTAL_DIST || undefined;
const loadOnly = process.argv.includes('--load-only');
const pageOnly = process.argv.includes('--page-only');
const suffix = randomUUID().slice(0, 8);
const databases = { identity: `bench_identity_${suffix}`, candidate: `bench_candidate_${suffix}` };

/** Ends the run after the Lighthouse figures (`--page-only`), through the same clean-up as the rest. */
class PageOnly extends Error {}

function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function report(label: string, value: string) {
  console.log(`${label.padEnd(52)} ${value}`);
}

const ratio = (a: number, b: number) => (a / b).toFixed(2);

function header() {
  console.log(`\nnpm run bench, ${new Date().toISOString()}`);
  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, PostgreSQL\n`,
  );
}

/** Hundreds of new candidates applying at once, end to end (scripts/load-apply.ts): fails the run on any error or loss. */
async function loadTest(): Promise<number> {
  if (loadCandidates <= 0) return 0;
  try {
    const result = await runLoadApply({ adminUrl, candidates: loadCandidates });
    reportLoadApply(result, report);
    return result.failures.length === 0 && result.lost.length === 0 && result.completed === loadCandidates ? 0 : 1;
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    return 1;
  }
}

if (loadOnly) {
  header();
  process.exit(await loadTest());
}

let stack: Stack | undefined;
let sink: MailSink | undefined;
let mailbox: Mailbox | undefined;
let exitCode = 0;
try {
  for (const name of Object.values(databases)) await admin(`create database ${name}`);
  const key = await benchSigningKey();
  // On PostgreSQL there is no dev outbox: the demo employers' reset links are read from the SMTP sink.
  sink = await startMailSink();
  const box = (mailbox = new Mailbox(sink));
  stack = await startStack({
    ...(portalDist ? { portalDist } : {}),
    mailSink: sink,
    env: {
      IDENTITY_DATABASE_URL: databaseUrl(databases.identity),
      CANDIDATE_DATABASE_URL: databaseUrl(databases.candidate),
      UNSUBSCRIBE_SECRET: randomBytes(32).toString('base64url'),
      JWT_PRIVATE_KEY: key.pem,
      LOG_LEVEL: 'warn',
    },
  });
  const { candidateUrl, identityUrl, portalUrl } = stack;
  const token = (userId: string, email: string, roles: ('Candidate' | 'BusinessUser')[]) =>
    key.token(identityUrl, userId, email, roles);
  const links = await seedDemo({
    identityUrl,
    candidateUrl,
    portalUrl,
    onlyIfEmpty: false,
    resetLink: (email) => box.wait(email, resetLinkIn, 20_000),
  });
  const jobIds = [...new Set(links.map((link) => /\/apply\/([^\s/?#]+)/.exec(link)?.[1]).filter(Boolean))] as string[];
  const jobId = jobIds[0];
  if (!jobId) throw new Error('the demo data has no job');

  header();
  if (portalDist) console.log(`portal build: ${portalDist}\n`);

  if (lighthouseRuns > 0) {
    const screeningUrl = `${portalUrl}/apply/${await screeningBenchJob(identityUrl, candidateUrl)}`;
    const applyPages: [label: string, url: string, withQuestions: boolean][] = [
      ['/apply/{jobId}', `${portalUrl}/apply/${jobId}`, false],
      ['/apply/{jobId}, a job with screening questions', screeningUrl, true],
    ];
    // Before any audit: a page the server renders only from its second request would be timed as a shell.
    for (const [, url, withQuestions] of applyPages) await expectServerRendered(url, withQuestions);
    for (const [label, applyUrl] of applyPages) {
      const bare = await serveBarePage(applyUrl, await freePort());
      try {
        const apply = await medianAudit(applyUrl, lighthouseRuns);
        const baseline = await medianAudit(bare.url, lighthouseRuns);
        const show = (f: PageFigures) =>
          `perf ${f.performance}, a11y ${f.accessibility}, LCP ${Math.round(f.lcpMs)} ms, CLS ${f.cls.toFixed(3)}, TBT ${Math.round(f.tbtMs)} ms, JS ${(f.jsBytes / 1024).toFixed(1)} KB`;
        report(`Lighthouse mobile ${label} (median of ${lighthouseRuns})`, show(apply));
        report('Lighthouse mobile, bare static page, same words', show(baseline));
        report('LCP ratio (apply / bare)', ratio(apply.lcpMs, baseline.lcpMs));
      } finally {
        await bare.close();
      }
    }
    // Issue 27: the careers page and /jobs, each beside a bare page with its words, on the same profile.
    const careersPages = process.env.BENCH_SKIP_CAREERS ? [] : await careersBenchPages(portalUrl, candidateUrl, jobId);
    for (const [label, url] of careersPages) {
      const twin = await serveBarePage(url, await freePort());
      try {
        const figures = await medianAudit(url, lighthouseRuns);
        const bareFigures = await medianAudit(twin.url, lighthouseRuns);
        report(
          `Lighthouse mobile ${label} (median of ${lighthouseRuns})`,
          `perf ${figures.performance}, a11y ${figures.accessibility}, LCP ${Math.round(figures.lcpMs)} ms, CLS ${figures.cls.toFixed(3)}, TBT ${Math.round(figures.tbtMs)} ms, JS ${(figures.jsBytes / 1024).toFixed(1)} KB`,
        );
        report(`  LCP ratio (${label} / its bare page)`, ratio(figures.lcpMs, bareFigures.lcpMs));
      } finally {
        await twin.close();
      }
    }
    // The candidate's dashboard on the same phone profile: signed in (the session in local storage, as the
    // portal keeps it), with a few applications, opening /applications cold.
    const storage = await signedInCandidate(candidateUrl, token, jobIds.slice(0, 3));
    const dashboard = await medianSignedInAudit(`${portalUrl}/applications`, storage, lighthouseRuns);
    report(
      `Lighthouse mobile /applications, signed in (median of ${lighthouseRuns})`,
      `perf ${dashboard.performance}, a11y ${dashboard.accessibility}, LCP ${Math.round(dashboard.lcpMs)} ms, TBT ${Math.round(dashboard.tbtMs)} ms, JS ${(dashboard.jsBytes / 1024).toFixed(1)} KB`,
    );
    report('  its LCP element', dashboard.lcpElement ?? 'not recorded');
  }
  if (pageOnly) throw new PageOnly();

  const job = await compareJobApi(candidateUrl, jobId, await freePort(), seconds);
  report(
    'GET /job/{id} req/s: service / bare Fastify',
    `${Math.round(job.service.requestsPerSecond)} / ${Math.round(job.bare.requestsPerSecond)} = ${ratio(job.service.requestsPerSecond, job.bare.requestsPerSecond)}`,
  );

  // The server side of a new candidate's apply: their profile, their CV, the application.
  const applySamples: number[] = [];
  for (let i = 0; i < 30; i++) {
    const userId = randomUUID();
    const email = `bench-apply-${i}-${suffix}@example.test`;
    const authorization = `Bearer ${await token(userId, email, ['Candidate'])}`;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdfWithText(`Bench ${i}`))], { type: 'application/pdf' }), 'cv.pdf');
    const started = performance.now();
    const profile = await fetch(`${candidateUrl}/candidate`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench ${i}`, email, phoneNumber: '0700 900000', postcode: 'LS1 1AA' }),
    });
    const cv = await fetch(`${candidateUrl}/cvs`, { method: 'POST', headers: { authorization }, body: form });
    const { cvId } = (await cv.json()) as { cvId: string };
    const applied = await fetch(`${candidateUrl}/job-applications`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ jobId, cvId, readyToWork: true }),
    });
    const answer = (await applied.json()) as { isValidResponse: boolean };
    applySamples.push(performance.now() - started);
    if (profile.status !== 200 || !answer.isValidResponse)
      throw new Error(`new-candidate apply failed (${profile.status}, ${JSON.stringify(answer)})`);
  }
  applySamples.sort((a, b) => a - b);
  report(
    'new-candidate apply, server side (median of 30)',
    `${applySamples[15]!.toFixed(1)} ms (profile + CV + application)`,
  );

  const candidateDb = databaseUrl(databases.candidate);
  const listTokens = {
    candidate: await token(BENCH_CANDIDATE, `${BENCH_CANDIDATE}@example.test`, ['Candidate']),
    employer: await token(BENCH_EMPLOYER, `${BENCH_EMPLOYER}@example.test`, ['BusinessUser']),
  };
  const small = await loadApplications(candidateDb, 1_000);
  const atThousand = await timeLists(candidateUrl, small.jobId, listTokens);
  const loadStarted = Date.now();
  await loadApplications(candidateDb, 1_000_000);
  const loadSeconds = (Date.now() - loadStarted) / 1000;
  const atMillion = await timeLists(candidateUrl, small.jobId, listTokens);
  report(
    'page 1 of /job-applications: 1k / 1M rows',
    `${atThousand.candidate.toFixed(2)} / ${atMillion.candidate.toFixed(2)} ms = ${ratio(atMillion.candidate, atThousand.candidate)}`,
  );
  report(
    "page 1 of an employer's job applications: 1k / 1M",
    `${atThousand.employer.toFixed(2)} / ${atMillion.employer.toFixed(2)} ms = ${ratio(atMillion.employer, atThousand.employer)}`,
  );
  console.log(
    `  (1M rows loaded in ${loadSeconds.toFixed(0)} s by scripts/bench/load-applications.ts; plans at 1M rows:)`,
  );
  for (const plan of await explainLists(candidateDb, small.jobId, BENCH_CANDIDATE))
    console.log(plan.replace(/^/gm, '    '));
  // /jobs at 1,000 and 100,000 open jobs (its own database; scripts/bench/job-search.ts).
  const search = await compareJobSearch(adminUrl);
  for (const line of formatJobSearch(search.figures)) report('/jobs query', line);
  for (const plan of search.plans) console.log(plan.replace(/^/gm, '    '));
  const healthz = await medianMs(200, () => fetch(`${candidateUrl}/healthz`));
  report('  for scale: GET /healthz (median)', `${healthz.toFixed(2)} ms`);

  // The upload benchmark runs its own in-process service (services/candidate/bench/upload-memory.ts).
  const upload = spawn('npm', ['run', 'bench:upload', '--workspace', 'services/candidate', '--silent'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let uploadOut = '';
  upload.stdout.on('data', (chunk: Buffer) => (uploadOut += chunk.toString()));
  await once(upload, 'exit');
  report('10 MB CV upload: RSS growth', /RSS ([\d.]+ MB)/.exec(uploadOut)?.[1] ?? `not measured: ${uploadOut.trim()}`);
  report(
    '  then its text extraction (worker thread): RSS growth',
    /extraction.*peak RSS growth ([\d.]+ MB)/.exec(uploadOut)?.[1] ?? `not measured: ${uploadOut.trim()}`,
  );
} catch (error) {
  if (error instanceof PageOnly) exitCode = -1;
  else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    exitCode = 1;
  }
} finally {
  await stack?.stop();
  mailbox?.close();
  await sink?.close();
  for (const name of Object.values(databases))
    await admin(`drop database if exists ${name} with (force)`).catch(() => undefined);
}
/**
 * A candidate with a profile, a CV and an application to each of `jobIds`, signed in as the portal keeps a
 * session (its local storage entry; the token is the bench's own, valid for an hour).
 */
async function signedInCandidate(
  candidateUrl: string,
  token: (userId: string, email: string, roles: 'Candidate'[]) => Promise<string>,
  jobIds: string[],
): Promise<Record<string, string>> {
  const userId = randomUUID();
  const email = `bench-dashboard-${suffix}@example.test`;
  const name = 'Bench Dashboard';
  const accessToken = await token(userId, email, ['Candidate']);
  const authorization = `Bearer ${accessToken}`;
  const json = { authorization, 'content-type': 'application/json' };
  const profile = await fetch(`${candidateUrl}/candidate`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name, email, phoneNumber: '0700 900000', postcode: 'LS1 1AA' }),
  });
  if (profile.status !== 200) throw new Error(`the dashboard's candidate was not created (${profile.status})`);
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(pdfWithText('Bench dashboard'))], { type: 'application/pdf' }),
    'cv.pdf',
  );
  const cv = await fetch(`${candidateUrl}/cvs`, { method: 'POST', headers: { authorization }, body: form });
  const { cvId } = (await cv.json()) as { cvId: string };
  for (const jobId of jobIds) {
    const applied = await fetch(`${candidateUrl}/job-applications`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ jobId, cvId, readyToWork: true }),
    });
    const answer = (await applied.json()) as { isValidResponse: boolean };
    if (!answer.isValidResponse) throw new Error(`the dashboard's application failed (${JSON.stringify(answer)})`);
  }
  const auth = {
    id: userId,
    name,
    email,
    phone: '0700 900000',
    accessToken,
    refreshToken: 'bench',
    refreshTokenExpiryTime: new Date(Date.now() + 86_400_000).toISOString(),
    success: true,
    feedbackMessage: null,
    rememberMe: true,
  };
  // The portal's key for the session in local storage (apps/web/src/lib/auth-store.ts, AUTH_STORAGE_KEY).
  return { 'careers-portal.auth': JSON.stringify(auth) };
}

// After the other figures, on its own stack: the bench's stack is stopped and its databases gone.
if (exitCode === 0) exitCode = await loadTest();
process.exit(Math.max(exitCode, 0));
