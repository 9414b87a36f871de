/**
 * Load test (issue 10 item 3): hundreds of new candidates applying at once, end to end, on PostgreSQL.
 *
 *   node --import tsx scripts/load-apply.ts            (or `npm run bench -- --load-only`)
 *
 * Starts the identity and candidate services as production runs them (compiled, plain node) on fresh
 * PostgreSQL databases (dropped afterwards), with an in-process SMTP sink as their mail server and every
 * production limit in force except the bot check's cost: BOT_CHECK_MAX_NUMBER at its floor (1,000), the
 * setting that exists for this. Each virtual candidate comes from its own client address (X-Forwarded-For
 * through TRUST_PROXY=loopback, as behind the reverse proxy of deploy/), so the per-address limits apply
 * to each as they would to real people. Then every candidate at once makes the calls the portal makes for
 * a new candidate (product.md §4 and §7, apps/web/src/features/apply/apply-flow.ts):
 *
 *   job        GET  /job/{id}                                (the apply page's job)
 *   check      POST /api/account/can-log-in                  → 404: a new candidate
 *   botCheck   GET  /api/bot-check/challenge + solving it    (the browser's part, here in this process)
 *   register   POST /api/register/candidate-user
 *   profile    POST /candidate
 *   cv         POST /cvs                                     (a small real PDF)
 *   apply      POST /job-applications                        → the application is acknowledged
 *   sendCode   POST /api/account/send-verification-code
 *   mail       the code's e-mail reaching the SMTP sink      (the durable outbox and its worker)
 *   botCheck2  challenge + solving, before the code
 *   verify     POST /api/account/verify-code                 → signed in: 'Thank you'
 *
 * Any answer but the expected one is an error (the candidate stops there, as the portal would show it).
 * Afterwards the employer's API, paged through, and the candidate database must hold every acknowledged
 * application (0 lost). Prints p50/p99 per step and for the whole flow, and the throughput.
 *
 * LOAD_CANDIDATES (default 300), LOAD_POSTGRES_URL (else BENCH_POSTGRES_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres). Exits 1 on any error or lost application.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { CreateJob, EmployerApplicationPage } from '@careers/contracts/employer';
import { Role } from '@careers/contracts/enums';
import { CANDIDATE_BUILT_IN_PASSWORD } from '@careers/contracts/identity';
import { startMailSink, type MailSink } from '../e2e/support/mail-sink';
import { startStack, type Stack } from '../e2e/support/stack';
import { servicesClient } from '@careers/test-support/api-client';
import { createEmployer } from '@careers/test-support/employer';
import { pdfWithText } from '@careers/test-support/fixtures';

export const STEPS = [
  'job',
  'check',
  'botCheck',
  'register',
  'profile',
  'cv',
  'apply',
  'sendCode',
  'mail',
  'botCheck2',
  'verify',
] as const;
export type Step = (typeof STEPS)[number];

export interface LoadApplyOptions {
  /** A PostgreSQL server where databases may be created and dropped (its `postgres` database). */
  adminUrl: string;
  candidates: number;
  /** Progress lines (stack started, employer ready, load done); silent by default. */
  log?: (line: string) => void;
  /** Longest wait for one answer or for one code e-mail before it counts as an error. */
  timeoutMs?: number;
}

export interface Percentiles {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface LoadApplyFailure {
  candidate: number;
  step: Step;
  detail: string;
}

export interface LoadApplyResult {
  candidates: number;
  /** Candidates who went through every step. */
  completed: number;
  /** Applications the service answered as made (isValidResponse with an id). */
  acknowledged: number;
  failures: LoadApplyFailure[];
  /** Acknowledged application ids the employer's API or the database does not hold. */
  lost: string[];
  /** Applications the employer's API lists for the job, and rows in job_applications for it. */
  employerSees: number;
  rowsStored: number;
  /** HTTP answers by status, all steps together. */
  statuses: Record<string, number>;
  steps: Record<Step, Percentiles>;
  /** The whole flow of a candidate who completed it; and up to the acknowledged application. */
  flow: Percentiles;
  untilApplied: Percentiles;
  seconds: number;
  /** Completed flows (applications acknowledged and signed in) per second, and HTTP requests per second. */
  flowsPerSecond: number;
  requestsPerSecond: number;
  /** The most PostgreSQL connections each service's database had during the load. */
  connections: { identity: number; candidate: number };
}

const JOB: CreateJob = {
  title: 'Load Test Warehouse Operative',
  description: 'A job that hundreds of candidates apply to at once (scripts/load-apply.ts).',
  city: 'Leeds',
  postcode: 'LS10 1AB',
  jobType: 1,
  salaryRateType: 1,
  salaryFrom: 12.5,
  salaryTo: 14,
  salaryCurrency: 'GBP',
};

export function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  // Nearest rank: the smallest sample with at least p of them at or below it.
  const at = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? Number.NaN };
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

class StepError extends Error {
  constructor(
    readonly step: Step,
    message: string,
  ) {
    super(message);
  }
}

interface Answer {
  status: number;
  body: unknown;
}

/** Mail to one address, as it reaches the sink: one poller for every waiting candidate. */
export class Mailbox {
  private seen = 0;
  private readonly waiting = new Map<
    string,
    { resolve: (code: string) => void; match: (subject: string, links: string[]) => string | null }
  >();
  /** Messages no one was waiting for yet (the wait may start after the e-mail arrived). */
  private readonly early = new Map<string, { subject: string; links: string[] }[]>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly sink: MailSink) {
    this.timer = setInterval(() => this.poll(), 20);
  }

  private poll() {
    const all = this.sink.messages();
    for (const message of all.slice(this.seen)) {
      for (const to of message.envelopeTo) {
        const entry = { subject: message.subject, links: message.links };
        const waiter = this.waiting.get(to);
        const found = waiter?.match(entry.subject, entry.links) ?? null;
        if (waiter && found) {
          this.waiting.delete(to);
          waiter.resolve(found);
        } else {
          this.early.set(to, [...(this.early.get(to) ?? []), entry]);
        }
      }
    }
    this.seen = all.length;
  }

  /** Resolves with what `match` finds in the first e-mail to `address` (earlier ones included). */
  wait(
    address: string,
    match: (subject: string, links: string[]) => string | null,
    timeoutMs: number,
  ): Promise<string> {
    const to = address.toLowerCase();
    for (const entry of this.early.get(to) ?? []) {
      const found = match(entry.subject, entry.links);
      if (found) return Promise.resolve(found);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(to);
        reject(new Error(`no e-mail within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(to, {
        match,
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
      });
    });
  }

  close() {
    clearInterval(this.timer);
  }
}

/**
 * The proof of work the portal's solver does in the browser (apps/web/src/lib/bot-check-solver.ts):
 * the number n with SHA-256(salt + n) = challenge. Synchronous hashing: at most 1,000 hashes take well
 * under a millisecond, where altcha-lib's asynchronous solver, run for hundreds of candidates at once in
 * one process, queued for seconds and measured the load generator instead of the services.
 */
export function solveBotCheck(c: { algorithm: string; challenge: string; salt: string; maxnumber?: number }): number {
  if (c.algorithm !== 'SHA-256') throw new Error(`unexpected bot-check algorithm ${c.algorithm}`);
  const max = c.maxnumber ?? 1_000_000;
  for (let n = 0; n <= max; n += 1) {
    if (createHash('sha256').update(`${c.salt}${n}`).digest('hex') === c.challenge) return n;
  }
  throw new Error('the bot-check challenge could not be solved');
}

/** The password-reset link in an e-mail's links, for `Mailbox.wait`. */
export const resetLinkIn = (_subject: string, links: string[]) =>
  links.find((l) => l.includes('/account/reset/')) ?? null;

const codeIn = (subject: string) => /sign-in code: (\d{6})\b/.exec(subject)?.[1] ?? null;

export async function runLoadApply(options: LoadApplyOptions): Promise<LoadApplyResult> {
  const log = options.log ?? (() => undefined);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const suffix = randomUUID().slice(0, 8);
  const databases = { identity: `load_identity_${suffix}`, candidate: `load_candidate_${suffix}` };
  let sink: MailSink | undefined;
  let stack: Stack | undefined;
  let mailbox: Mailbox | undefined;
  try {
    for (const name of Object.values(databases)) await admin(options.adminUrl, `create database ${name}`);
    sink = await startMailSink();
    mailbox = new Mailbox(sink);
    const started = Date.now();
    stack = await startStack({
      parts: ['identity', 'candidate'],
      mailSink: sink,
      // Production limits (send intervals, per-address and per-client limits, the outbox's poll)...
      tuning: false,
      env: {
        IDENTITY_DATABASE_URL: databaseUrl(options.adminUrl, databases.identity),
        CANDIDATE_DATABASE_URL: databaseUrl(options.adminUrl, databases.candidate),
        // Required on PostgreSQL (the status e-mails' unsubscribe links); one value for this run.
        UNSUBSCRIBE_SECRET: randomBytes(32).toString('base64url'),
        // ...but a cheap bot check: its proof of work is the browser's cost, and the load generator
        // would otherwise spend the machine's cores on it instead of the services.
        BOT_CHECK_MAX_NUMBER: '1000',
        // Each candidate's own address comes through X-Forwarded-For, as from the reverse proxy.
        TRUST_PROXY: 'loopback',
        LOG_LEVEL: 'warn',
      },
    });
    log(`identity and candidate ready on PostgreSQL in ${Date.now() - started} ms`);
    const { identityUrl, candidateUrl, portalUrl } = stack;
    const box = mailbox;

    const call = async (
      url: string,
      init: RequestInit & { token?: string; json?: unknown; ip?: string } = {},
    ): Promise<Answer> => {
      const headers = new Headers(init.headers);
      // What a browser on the portal sends with every call.
      headers.set('origin', portalUrl);
      if (init.ip) headers.set('x-forwarded-for', init.ip);
      if (init.token) headers.set('authorization', `Bearer ${init.token}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      const res = await fetch(url, { ...init, headers, body, signal: AbortSignal.timeout(timeoutMs) });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // kept as text
      }
      return { status: res.status, body: parsed };
    };

    const botCheckToken = async (ip: string): Promise<string> => {
      const res = await call(`${identityUrl}/api/bot-check/challenge`, { ip });
      if (res.status !== 200) throw new Error(`challenge: HTTP ${res.status} ${JSON.stringify(res.body)}`);
      const c = res.body as {
        algorithm: string;
        challenge: string;
        salt: string;
        signature: string;
        maxnumber?: number;
      };
      const number = solveBotCheck(c);
      return Buffer.from(
        JSON.stringify({
          algorithm: c.algorithm,
          challenge: c.challenge,
          number,
          salt: c.salt,
          signature: c.signature,
        }),
      ).toString('base64');
    };

    // The employer, the real way: registration, the address proved through the e-mailed reset link, a
    // business and one live job that everyone applies to (one job row: the hottest case).
    const employerIp = '198.18.255.254';
    const employerClient = servicesClient({ identityUrl, candidateUrl }, (url, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('origin', portalUrl);
      headers.set('x-forwarded-for', employerIp);
      return fetch(url, { ...init, headers, signal: AbortSignal.timeout(timeoutMs) });
    });
    const employer = await createEmployer(employerClient, {
      label: 'load-employer',
      business: { name: `Load Test ${suffix}` },
      jobs: [JOB],
      // The mailbox keeps what arrived before anyone waited for it.
      resetLink: async (email, send) => {
        await send();
        return box.wait(email, resetLinkIn, timeoutMs);
      },
    });
    const employerToken = employer.token;
    const job = employer.jobs[0]!;
    const expect200 = (what: string, res: Answer) => {
      if (res.status !== 200) throw new Error(`${what}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    log(`employer and job ready; ${options.candidates} candidates start at once`);

    const samples = Object.fromEntries(STEPS.map((step) => [step, [] as number[]])) as Record<Step, number[]>;
    const flows: number[] = [];
    const untilApplied: number[] = [];
    const statuses: Record<string, number> = {};
    const failures: LoadApplyFailure[] = [];
    const acknowledged: string[] = [];
    let requests = 0;
    const pdfs = Array.from({ length: options.candidates }, (_, i) =>
      pdfWithText(`Curriculum vitae of Load Candidate ${i}`),
    );

    const candidate = async (i: number) => {
      // 198.18.0.0/15 is set aside for benchmarks (RFC 2544): one address per candidate.
      const ip = `198.18.${i >> 8}.${i & 255}`;
      const name = `Load Candidate ${i}`;
      const email = `load-${i}-${suffix}@example.com`;
      const phone = '0700 900000';
      const flowStarted = performance.now();
      const timed = async <T>(step: Step, work: () => Promise<T>): Promise<T> => {
        const t = performance.now();
        try {
          const value = await work();
          samples[step].push(performance.now() - t);
          return value;
        } catch (error) {
          throw error instanceof StepError
            ? error
            : new StepError(step, error instanceof Error ? error.message : String(error));
        }
      };
      const request = async (
        step: Step,
        url: string,
        init: Parameters<typeof call>[1],
        expected = 200,
      ): Promise<unknown> => {
        requests += 1;
        const res = await call(url, { ...init, ip });
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status !== expected)
          throw new StepError(step, `HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
        return res.body;
      };
      try {
        await timed('job', () => request('job', `${candidateUrl}/job/${job.id}`, {}));
        await timed('check', () =>
          request(
            'check',
            `${identityUrl}/api/account/can-log-in`,
            { method: 'POST', json: { email, applicationRole: Role.Candidate, token: '' } },
            404,
          ),
        );
        const registerToken = await timed('botCheck', () => {
          requests += 1;
          return botCheckToken(ip);
        });
        const registration = (await timed('register', () =>
          request('register', `${identityUrl}/api/register/candidate-user`, {
            method: 'POST',
            json: { name, email, phone, password: CANDIDATE_BUILT_IN_PASSWORD, token: registerToken },
          }),
        )) as { succeeded: boolean; accessToken: string | null; errors: string[] };
        if (!registration.succeeded || !registration.accessToken)
          throw new StepError('register', registration.errors.join('; '));
        const token = registration.accessToken;
        await timed('profile', () =>
          request('profile', `${candidateUrl}/candidate`, {
            method: 'POST',
            token,
            json: { name, email, phoneNumber: phone, postcode: 'LS1 1AA' },
          }),
        );
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(pdfs[i]!)], { type: 'application/pdf' }), `cv-${i}.pdf`);
        const { cvId } = (await timed('cv', () =>
          request('cv', `${candidateUrl}/cvs`, { method: 'POST', token, body: form }),
        )) as { cvId: string };
        const applied = (await timed('apply', () =>
          request('apply', `${candidateUrl}/job-applications`, {
            method: 'POST',
            token,
            json: {
              jobId: job.id,
              cvId,
              readyToWork: true,
              landingUrl: `${portalUrl}/apply/${job.id}?utm_source=load`,
              utmSource: 'load',
            },
          }),
        )) as { isValidResponse: boolean; result: { applicationId: string } | null; errors: string[] };
        if (!applied.isValidResponse || !applied.result)
          throw new StepError('apply', `refused: ${applied.errors.join('; ')}`);
        acknowledged.push(applied.result.applicationId);
        untilApplied.push(performance.now() - flowStarted);
        await timed('sendCode', () =>
          request('sendCode', `${identityUrl}/api/account/send-verification-code`, { method: 'POST', json: { email } }),
        );
        const code = await timed('mail', () => box.wait(email, codeIn, timeoutMs));
        const verifyToken = await timed('botCheck2', () => {
          requests += 1;
          return botCheckToken(ip);
        });
        const auth = (await timed('verify', () =>
          request('verify', `${identityUrl}/api/account/verify-code`, {
            method: 'POST',
            json: { email, code, token: verifyToken },
          }),
        )) as {
          success: boolean;
          accessToken: string | null;
        };
        if (!auth.success || !auth.accessToken)
          throw new StepError('verify', `not signed in: ${JSON.stringify(auth).slice(0, 200)}`);
        flows.push(performance.now() - flowStarted);
      } catch (error) {
        const step = error instanceof StepError ? error.step : 'job';
        failures.push({ candidate: i, step, detail: error instanceof Error ? error.message : String(error) });
      }
    };

    const stopSampling = await sampleConnections(options.adminUrl, databases);
    const loadStarted = performance.now();
    await Promise.all(Array.from({ length: options.candidates }, (_, i) => candidate(i)));
    const seconds = (performance.now() - loadStarted) / 1000;
    const connections = await stopSampling();
    log(`load done in ${seconds.toFixed(1)} s; checking what the employer sees`);

    // 0 lost: the employer's API, every page, and the database itself.
    const listed = new Set<string>();
    for (let page = 1; ; page += 1) {
      const res = expect200(
        'employer list',
        await call(`${candidateUrl}/business/jobs/${job.id}/applications?page=${page}&pageSize=100`, {
          ip: employerIp,
          token: employerToken,
        }),
      ) as EmployerApplicationPage;
      for (const application of res.applications) listed.add(application.id);
      if (res.applications.length < 100) break;
    }
    const client = new pg.Client({ connectionString: databaseUrl(options.adminUrl, databases.candidate) });
    await client.connect();
    let rows: string[];
    try {
      rows = (
        await client.query<{ id: string }>('select id from job_applications where job_id = $1', [job.id])
      ).rows.map((r) => r.id);
    } finally {
      await client.end();
    }
    const stored = new Set(rows);
    const lost = acknowledged.filter((id) => !listed.has(id) || !stored.has(id));

    return {
      candidates: options.candidates,
      completed: flows.length,
      acknowledged: acknowledged.length,
      failures,
      lost,
      employerSees: listed.size,
      rowsStored: rows.length,
      statuses,
      steps: Object.fromEntries(STEPS.map((step) => [step, percentiles(samples[step])])) as Record<Step, Percentiles>,
      flow: percentiles(flows),
      untilApplied: percentiles(untilApplied),
      seconds,
      flowsPerSecond: flows.length / seconds,
      requestsPerSecond: requests / seconds,
      connections,
    };
  } finally {
    mailbox?.close();
    await stack?.stop();
    await sink?.close();
    for (const name of Object.values(databases))
      await admin(options.adminUrl, `drop database if exists ${name} with (force)`).catch(() => undefined);
  }
}

/**
 * The most server connections each service's database had while the load ran (sampled every 250 ms):
 * the pools (10 each, plus the candidate service's job queue) stay within their size.
 */
async function sampleConnections(adminUrl: string, databases: { identity: string; candidate: string }) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const most = { identity: 0, candidate: 0 };
  let running = true;
  const sampling = (async () => {
    while (running) {
      const { rows } = await client.query<{ datname: string; n: number }>(
        'select datname, count(*)::int as n from pg_stat_activity where datname = any($1) group by datname',
        [[databases.identity, databases.candidate]],
      );
      for (const part of ['identity', 'candidate'] as const)
        most[part] = Math.max(most[part], rows.find((r) => r.datname === databases[part])?.n ?? 0);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return async () => {
    running = false;
    await sampling.catch(() => undefined);
    await client.end();
    return most;
  };
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : '-');

/** The figures as lines: `report(label, value)` prints one (the bench's column layout). */
export function reportLoadApply(result: LoadApplyResult, report: (label: string, value: string) => void): void {
  report(`load: new candidates applying at once, PostgreSQL`, `${result.candidates}`);
  report(
    '  errors / lost applications',
    `${result.failures.length} / ${result.lost.length} (acknowledged ${result.acknowledged}, employer sees ${result.employerSees}, rows ${result.rowsStored})`,
  );
  report('  whole flow, p50 / p99', `${ms(result.flow.p50)} / ${ms(result.flow.p99)} (max ${ms(result.flow.max)})`);
  report(
    '  until the application is acknowledged, p50 / p99',
    `${ms(result.untilApplied.p50)} / ${ms(result.untilApplied.p99)}`,
  );
  for (const step of STEPS) {
    const p = result.steps[step];
    report(`  ${step}, p50 / p99`, `${ms(p.p50)} / ${ms(p.p99)}`);
  }
  report(
    '  throughput',
    `${result.flowsPerSecond.toFixed(1)} candidates/s, ${result.requestsPerSecond.toFixed(0)} requests/s (${result.seconds.toFixed(1)} s in all)`,
  );
  report(
    '  most PostgreSQL connections: identity / candidate',
    `${result.connections.identity} / ${result.connections.candidate}`,
  );
  report(
    '  HTTP answers by status',
    Object.entries(result.statuses)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', '),
  );
  const byStep = new Map<string, LoadApplyFailure[]>();
  for (const failure of result.failures) byStep.set(failure.step, [...(byStep.get(failure.step) ?? []), failure]);
  for (const [step, list] of byStep) report(`  failed at ${step}`, `${list.length}, e.g. ${list[0]!.detail}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const adminUrl =
    process.env.LOAD_POSTGRES_URL ?? process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const candidates = Number(process.env.LOAD_CANDIDATES ?? 300);
  console.log(
    `scripts/load-apply.ts, ${new Date().toISOString()}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
  );
  try {
    const result = await runLoadApply({ adminUrl, candidates, log: (line) => console.log(`[load] ${line}`) });
    reportLoadApply(result, (label, value) => console.log(`${label.padEnd(52)} ${value}`));
    process.exit(result.failures.length === 0 && result.lost.length === 0 && result.completed === candidates ? 0 : 1);
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  }
}
