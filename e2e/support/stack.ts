/**
 * Starts the real product the way `npm start` does (scripts/start.ts), but on free ports, with a
 * throw-away DATA_DIR and an SMTP sink, so the browser suite and the Lighthouse script never clash
 * with a developer's running stack or data.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startMailSink, type MailSink } from './mail-sink';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const logsDir = path.join(repoRoot, 'e2e', '.logs');

/** What tests need to know about the running stack (serialisable: it crosses to test workers). */
export interface StackInfo {
  portalUrl: string;
  identityUrl: string;
  candidateUrl: string;
  /** The SMTP sink's HTTP view; see mail-sink.ts. */
  mailboxUrl: string;
  /** The SMTP sink itself, as the services' SMTP_URL. */
  smtpUrl: string;
  dataDir: string;
  logsDir: string;
  /**
   * The portal build the stack serves (its own or the one it was given), which other stacks of the run
   * (the cluster test) serve too instead of building it again; absent when the stack runs no portal.
   */
  portalDist?: string;
}

export interface Stack extends StackInfo {
  stop(): Promise<void>;
}

export interface StartStackOptions {
  /**
   * The portal build to serve: by default a fresh build of apps/web into the stack's own folder; or
   * the path of an existing build (e.g. apps/web/dist) to skip building.
   */
  portalDist?: string;
  /** How long the parts may take to become ready (default 90 s: PGlite boots and migrates). */
  readyTimeoutMs?: number;
  /** Extra environment for the three parts. */
  env?: Record<string, string>;
  /** Which parts to run (default all three); without the portal, nothing is built for it. */
  parts?: readonly PartName[];
  /** An SMTP sink the caller made and keeps (it reads the mail in process); by default the stack makes its own. */
  mailSink?: MailSink;
  /** TEST_TUNING's relaxed limits (default true); false keeps the services' production defaults. */
  tuning?: boolean;
  /**
   * A PostgreSQL server (an administrator's URL) on which the stack makes two fresh databases for the
   * services, dropped when it stops; by default each service runs its embedded PGlite in DATA_DIR.
   */
  postgresUrl?: string;
}

const STOP_GRACE_MS = 10_000;

/**
 * Identity-service limits tuned for one browser suite that runs every test from 127.0.0.1: per-IP
 * limits sized for real clients would trip part-way through the run, and the 60 s resend interval
 * would make every "sign up, then sign in again" cost a minute. Per-address hourly limits and code
 * expiry stay as in production. Override per stack with `env`.
 */
export const TEST_TUNING: Readonly<Record<string, string>> = {
  SEND_INTERVAL_SECONDS: '0',
  RATE_LIMIT_LOOKUPS_PER_IP: '100000',
  RATE_LIMIT_SENDS_PER_IP: '100000',
  RATE_LIMIT_LOGINS_PER_IP: '100000',
  CODE_SENDS_PER_CLIENT_PER_HOUR: '100000',
  // E-mails leave through durable outboxes that workers poll; a short poll keeps tests quick. 250 ms, not
  // 100: the polls of an idle stack cost 19% of a core at 100 ms, 9% at 250 (docs/performance.md).
  MAIL_POLL_INTERVAL_MS: '250',
  // A new candidate's confirmation link waits for a code that would make it unneeded (15 minutes in
  // production); 3 s here, so that a sign-up left at the code step still gets it within a test.
  CONFIRMATION_LINK_DELAY_SECONDS: '3',
  // Status e-mails wait a minute in production for an employer's quick correction; none here.
  STATUS_MAIL_DELAY_SECONDS: '0',
  // A closed job's applications get their outcome an hour after the close in production; at once here.
  JOB_ENDING_GRACE_SECONDS: '0',
  // Job alerts send at most one email a day per alert; 2 s here, so a browser test sees the first one.
  JOB_ALERT_DIGEST_INTERVAL_SECONDS: '2',
};

export type PartName = 'identity' | 'candidate' | 'portal';

interface Part {
  name: PartName;
  entry: string;
  portVar: string;
  readyPath: string;
}

const PARTS: readonly Part[] = [
  // What production runs: the compiled servers (scripts/build-servers.mjs), under plain node.
  { name: 'identity', entry: 'services/identity/dist/server.js', portVar: 'IDENTITY_PORT', readyPath: '/readyz' },
  { name: 'candidate', entry: 'services/candidate/dist/server.js', portVar: 'CANDIDATE_PORT', readyPath: '/readyz' },
  { name: 'portal', entry: 'apps/web/server-dist/server.js', portVar: 'WEB_PORT', readyPath: '/healthz' },
];

/** Compiles the three servers (about a tenth of a second); the stack then runs exactly that. */
export function buildServers(): void {
  const result = spawnSync(process.execPath, ['scripts/build-servers.mjs'], { cwd: repoRoot, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(
      `Building the servers (scripts/build-servers.mjs) failed with exit ${result.status ?? result.signal}:\n${result.stderr}`,
    );
}

/**
 * Builds the portal into `outDir`, a private folder served through PORTAL_DIST_DIR: a rebuild of the
 * shared apps/web/dist while a suite runs (`npm start`, the Lighthouse script) cannot touch it.
 */
export function buildPortal(outDir: string): void {
  const started = Date.now();
  const result = spawnSync(
    'npm',
    ['run', 'build', '--workspace', 'apps/web', '--silent', '--', '--outDir', outDir, '--emptyOutDir'],
    {
      cwd: repoRoot,
      encoding: 'utf8',
      env: childEnv({ NO_COLOR: '1', FORCE_COLOR: '0' }),
    },
  );
  if (result.status !== 0) {
    const output = `${result.stdout}\n${result.stderr}`.trim().split('\n');
    const tail = output.slice(-60).join('\n');
    throw new Error(
      `Building the portal (npm run build --workspace apps/web) failed with exit ${result.status ?? result.signal}:\n${tail}`,
    );
  }
  log(`portal built in ${Date.now() - started} ms`);
}

/** A port that was free a moment ago (the OS picks it; a fixed one could clash with `npm start`). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startStack(options: StartStackOptions = {}): Promise<Stack> {
  const children: { part: Part; child: ChildProcess }[] = [];
  let sink: MailSink | undefined;
  let workDir: string | undefined;
  const databases = options.postgresUrl ? new PostgresDatabases(options.postgresUrl) : undefined;
  const parts = PARTS.filter((part) => !options.parts || options.parts.includes(part.name));
  const withPortal = parts.some((part) => part.name === 'portal');

  const stop = async () => {
    await Promise.all(children.map(({ child }) => stopChild(child)));
    process.off('exit', killOnExit);
    if (sink !== options.mailSink) await sink?.close();
    await databases?.dropAll();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  };
  // If the test runner exits without teardown (Ctrl+C), leave no servers or data behind.
  const killOnExit = () => {
    for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (workDir) rmSync(workDir, { recursive: true, force: true, maxRetries: 3 });
  };
  process.on('exit', killOnExit);

  try {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'careers-e2e-'));
    const dataDir = path.join(workDir, 'data');
    mkdirSync(dataDir);
    const portalDist = options.portalDist
      ? path.resolve(repoRoot, options.portalDist)
      : path.join(workDir, 'portal-dist');
    if (withPortal && !options.portalDist) buildPortal(portalDist);
    buildServers();
    sink = options.mailSink ?? (await startMailSink());
    mkdirSync(logsDir, { recursive: true });

    const databaseEnv: Record<string, string> = databases
      ? {
          IDENTITY_DATABASE_URL: await databases.create('identity'),
          CANDIDATE_DATABASE_URL: await databases.create('candidate'),
          // What the embedded default generates into DATA_DIR, a server database needs given.
          INTERNAL_API_TOKEN: randomBytes(32).toString('base64url'),
          CRAWLER_REPORT_TOKEN: randomBytes(32).toString('base64url'),
          UNSUBSCRIBE_SECRET: randomBytes(32).toString('base64url'),
        }
      : {};

    const ports = Object.fromEntries(await Promise.all(PARTS.map(async (p) => [p.name, await freePort()] as const)));
    const url = (name: string) => `http://127.0.0.1:${ports[name]}`;
    const env = childEnv({
      HOST: '127.0.0.1',
      ...Object.fromEntries(PARTS.map((p) => [p.portVar, String(ports[p.name])])),
      PORTAL_URL: url('portal'),
      IDENTITY_URL: url('identity'),
      CANDIDATE_URL: url('candidate'),
      // The services allow the portal's origin by default; said explicitly so a developer's shell can't widen it.
      CORS_ORIGINS: url('portal'),
      DATA_DIR: dataDir,
      PORTAL_DIST_DIR: portalDist,
      SMTP_URL: sink.smtpUrl,
      LOG_LEVEL: 'warn',
      ...databaseEnv,
      ...(options.tuning === false ? {} : TEST_TUNING),
      ...options.env,
    });

    for (const part of parts) {
      const out = createWriteStream(path.join(logsDir, `${part.name}.log`), { flags: 'w' });
      const child = spawn(process.execPath, ['--enable-source-maps', part.entry], {
        cwd: repoRoot,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      // Two sources into one file: neither may end it, the child's exit does.
      child.stdout?.pipe(out, { end: false });
      child.stderr?.pipe(out, { end: false });
      child.once('close', () => out.end());
      children.push({ part, child });
    }

    const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
    await Promise.all(
      children.map(({ part, child }) => waitReady(part, child, url(part.name) + part.readyPath, deadline)),
    );

    return {
      portalUrl: url('portal'),
      identityUrl: url('identity'),
      candidateUrl: url('candidate'),
      mailboxUrl: sink.httpUrl,
      smtpUrl: sink.smtpUrl,
      dataDir,
      logsDir,
      ...(withPortal ? { portalDist } : {}),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Fresh databases on a PostgreSQL server, one per service, dropped together at the end. */
class PostgresDatabases {
  private readonly names: string[] = [];
  private readonly runId = randomUUID().replaceAll('-', '').slice(0, 12);

  constructor(private readonly adminUrl: string) {}

  async create(label: string): Promise<string> {
    const name = `careers_e2e_${this.runId}_${label}`;
    await this.admin((client) => client.query(`create database ${name}`));
    this.names.push(name);
    const url = new URL(this.adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  async dropAll(): Promise<void> {
    const names = this.names.splice(0);
    if (names.length === 0) return;
    await this.admin(async (client) => {
      for (const name of names) await client.query(`drop database if exists ${name} with (force)`);
    });
  }

  private async admin(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
    const client = new pg.Client({ connectionString: this.adminUrl });
    await client.connect();
    try {
      await work(client);
    } finally {
      await client.end();
    }
  }
}

/** Whether a PostgreSQL server answers at this URL within a few seconds. */
export async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The parts get the developer's environment minus what would point them at real infrastructure or
 * make them think they run inside vitest: the suite always runs the embedded defaults.
 */
function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (
      key.startsWith('VITEST') ||
      key.endsWith('_DATABASE_URL') ||
      key.startsWith('S3_') ||
      ['NODE_ENV', 'TEST', 'REDIS_URL', 'PUBLIC_BLOB_BASE_URL', 'JWT_PRIVATE_KEY', 'SMTP_URL'].includes(key)
    ) {
      delete env[key];
    }
  }
  return { ...env, ...overrides };
}

async function waitReady(part: Part, child: ChildProcess, url: string, deadline: number): Promise<void> {
  let lastProblem = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${part.name} exited (${child.signalCode ?? child.exitCode}) before it was ready; see ${path.join(logsDir, `${part.name}.log`)}`,
      );
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
      lastProblem = `HTTP ${res.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `${part.name} was not ready at ${url} in time (${lastProblem}); see ${path.join(logsDir, `${part.name}.log`)}`,
  );
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

function log(message: string) {
  console.log(`[e2e] ${message}`);
}
