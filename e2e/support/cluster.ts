/**
 * The product as an operator runs it (issue 11): nginx, rendered from deploy/nginx/careers.conf.template,
 * in front of two portal servers, two identity and two candidate instances (the compiled servers under
 * plain node), on fresh PostgreSQL databases on the machine's server, the machine's Redis (a key prefix
 * of its own), s3rver as the object store and an SMTP sink. Everything on loopback ports.
 *
 * nginx adds `X-Upstream-Addr` (test rendering only) so a test can tell which instance answered.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, createWriteStream, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import S3rver from 's3rver';
import { startMailSink, type MailSink } from './mail-sink';
import { buildPortal, buildServers, freePort, logsDir, repoRoot } from './stack';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const ADMIN_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const BUCKET = 'careers-cluster';

export type PartName = 'portal' | 'identity' | 'candidate';

const ENTRIES: Record<PartName, { entry: string; portVar: string; readyPath: string }> = {
  identity: { entry: 'services/identity/dist/server.js', portVar: 'IDENTITY_PORT', readyPath: '/readyz' },
  candidate: { entry: 'services/candidate/dist/server.js', portVar: 'CANDIDATE_PORT', readyPath: '/readyz' },
  portal: { entry: 'apps/web/server-dist/server.js', portVar: 'WEB_PORT', readyPath: '/healthz' },
};

/** One running (or stopped) instance of a part. */
export class Instance {
  child: ChildProcess | undefined;
  /** When SIGTERM was last sent (ms since the epoch). */
  lastSigtermAt = 0;
  constructor(
    readonly name: string,
    readonly part: PartName,
    readonly port: number,
    private readonly env: () => NodeJS.ProcessEnv,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(timeoutMs = 60_000): Promise<void> {
    const { entry, readyPath } = ENTRIES[this.part];
    const out = createWriteStream(path.join(logsDir, `cluster-${this.name}.log`), { flags: 'a' });
    const child = spawn(process.execPath, ['--enable-source-maps', entry], {
      cwd: repoRoot,
      env: this.env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(out, { end: false });
    child.stderr?.pipe(out, { end: false });
    child.once('close', () => out.end());
    this.child = child;
    const deadline = Date.now() + timeoutMs;
    let last = 'no answer';
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(
          `${this.name} exited (${child.signalCode ?? child.exitCode}); see e2e/.logs/cluster-${this.name}.log`,
        );
      try {
        const res = await fetch(this.url + readyPath, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return;
        last = `HTTP ${res.status}`;
      } catch (error) {
        last = error instanceof Error ? error.message : String(error);
      }
      await sleep(100);
    }
    throw new Error(`${this.name} was not ready in time (${last}); see e2e/.logs/cluster-${this.name}.log`);
  }

  /** SIGTERM (graceful: drains in-flight requests) and wait for the exit; SIGKILL after 15 s. */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    this.lastSigtermAt = Date.now();
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  }

  async restart(): Promise<number | null> {
    const code = await this.stop();
    await this.start();
    return code;
  }
}

export interface Cluster {
  /** nginx's public addresses. */
  portalUrl: string;
  identityUrl: string;
  candidateUrl: string;
  instances: Instance[];
  byPart(part: PartName): Instance[];
  /** The instance name behind an `X-Upstream-Addr` value (the last address nginx tried). */
  instanceAt(upstreamAddr: string | undefined): string | undefined;
  mail: MailSink;
  /** The secrets and settings every instance shares (also what a restored copy needs). */
  sharedEnv: Record<string, string>;
  databases: { identity: string; candidate: string };
  s3Endpoint: string;
  workDir: string;
  /** Each identity instance's DATA_DIR (its identity-keys/ folder holds the signing keys). */
  identityDataDirs: string[];
  redisPrefix: string;
  /**
   * Restarts an instance (SIGTERM, drain, exit, start) and waits until nginx sends it requests again;
   * the exit code of the old process.
   */
  restartInRotation(instance: Instance): Promise<number | null>;
  /** Creates another empty database on the same server (dropped with the cluster). */
  createDatabase(label: string): Promise<string>;
  /** Starts another s3rver with an empty bucket (closed with the cluster). */
  startObjectStore(): Promise<string>;
  stop(): Promise<void>;
}

/** Limits sized so each scenario can reach them from its own client address in seconds. */
export const CLUSTER_TUNING: Readonly<Record<string, string>> = {
  SEND_INTERVAL_SECONDS: '0',
  SENDS_PER_HOUR: '10',
  CODE_SENDS_PER_CLIENT_PER_HOUR: '5',
  RATE_LIMIT_LOOKUPS_PER_IP: '10',
  RATE_LIMIT_SENDS_PER_IP: '30',
  RATE_LIMIT_LOGINS_PER_IP: '30',
  BOT_CHECK_MAX_NUMBER: '1000',
  // As the shared stack's (TEST_TUNING): six instances polling every 100 ms cost CPU the run lacks.
  MAIL_POLL_INTERVAL_MS: '250',
};

export function newSigningKeyPem(): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** Renders deploy/nginx/careers.conf.template: every {{NAME}} must be given. */
/**
 * nginx's main configuration for a test: runs in the foreground under `nginxDir` (its pid, error log and
 * temporary files there) and includes the rendered template, careers.conf; `accessLog` adds an http-level
 * access log, as Debian's nginx.conf has.
 */
export function writeNginxMainConfig(
  nginxDir: string,
  options: { workerConnections: number; accessLog?: string },
): void {
  writeFileSync(
    path.join(nginxDir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${nginxDir}/nginx.pid;`,
      `error_log ${nginxDir}/error.log warn;`,
      `events { worker_connections ${options.workerConnections}; }`,
      'http {',
      ...(options.accessLog ? [`  access_log ${options.accessLog};`] : []),
      `  client_body_temp_path ${nginxDir}/client_body;`,
      `  proxy_temp_path ${nginxDir}/proxy;`,
      `  fastcgi_temp_path ${nginxDir}/fastcgi;`,
      `  uwsgi_temp_path ${nginxDir}/uwsgi;`,
      `  scgi_temp_path ${nginxDir}/scgi;`,
      `  include ${nginxDir}/careers.conf;`,
      '}',
      '',
    ].join('\n'),
  );
}

/** Starts nginx on the configuration written by writeNginxMainConfig. */
export function spawnNginx(nginxDir: string): ChildProcess {
  return spawn(NGINX, ['-p', nginxDir, '-e', `${nginxDir}/error.log`, '-c', `${nginxDir}/nginx.conf`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function renderNginxTemplate(values: Record<string, string>): string {
  const template = readFileSync(path.join(repoRoot, 'deploy/nginx/careers.conf.template'), 'utf8');
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`nginx template: no value for {{${name}}}`);
    return value;
  });
}

export async function startCluster(options: { portalDist?: string } = {}): Promise<Cluster> {
  const runId = randomBytes(4).toString('hex');
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'careers-cluster-'));
  chmodSync(workDir, 0o755);
  mkdirSync(logsDir, { recursive: true });
  // Instances append to their log across restarts; each run starts with empty ones.
  for (const file of readdirSync(logsDir))
    if (file.startsWith('cluster-')) rmSync(path.join(logsDir, file), { force: true });
  const cleanups: (() => Promise<void>)[] = [];
  const instances: Instance[] = [];
  let nginx: ChildProcess | undefined;

  // If the runner exits without teardown, leave no servers or files behind (databases need a live client).
  const killOnExit = () => {
    nginx?.kill('SIGKILL');
    for (const i of instances) i.child?.kill('SIGKILL');
    rmSync(workDir, { recursive: true, force: true, maxRetries: 3 });
  };
  process.on('exit', killOnExit);

  const stop = async () => {
    await Promise.all(instances.map((i) => i.stop()));
    if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
      const exited = new Promise((resolve) => nginx?.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    for (const cleanup of cleanups.reverse())
      await cleanup().catch((error: unknown) => console.error('[cluster] cleanup:', error));
    process.off('exit', killOnExit);
    rmSync(workDir, { recursive: true, force: true });
  };

  try {
    // Databases: fresh ones on the machine's PostgreSQL, dropped afterwards.
    const admin = new pg.Client({ connectionString: ADMIN_POSTGRES_URL });
    await admin.connect().catch((error: unknown) => {
      throw new Error(
        `The cluster test needs PostgreSQL at ${ADMIN_POSTGRES_URL} (TEST_POSTGRES_URL) and Redis at ${REDIS_URL} (TEST_REDIS_URL): ${String(error)}`,
      );
    });
    cleanups.push(async () => admin.end());
    const createdDbs: string[] = [];
    const createDatabase = async (label: string) => {
      const name = `careers_cluster_${runId}_${label}`;
      await admin.query(`create database ${name}`);
      createdDbs.push(name);
      const url = new URL(ADMIN_POSTGRES_URL);
      url.pathname = `/${name}`;
      return url.toString();
    };
    cleanups.push(async () => {
      for (const name of createdDbs) await admin.query(`drop database if exists ${name} with (force)`);
    });
    const databases = { identity: await createDatabase('identity'), candidate: await createDatabase('candidate') };

    // Redis: the machine's, under a prefix of this run's own, removed afterwards.
    const redisPrefix = `careers:cluster-${runId}:`;
    cleanups.push(async () => {
      const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await redis.connect();
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });

    // Object stores: s3rver, each in its own folder.
    const startObjectStore = async () => {
      const directory = path.join(workDir, `s3-${randomUUID().slice(0, 8)}`);
      mkdirSync(directory);
      const server = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory,
        configureBuckets: [{ name: BUCKET }],
      });
      const { port } = await server.run();
      cleanups.push(async () => server.close());
      return `http://127.0.0.1:${port}`;
    };
    const s3Endpoint = await startObjectStore();

    const mail = await startMailSink();
    cleanups.push(async () => mail.close());

    const portalDist = options.portalDist ?? path.join(workDir, 'portal-dist');
    if (!options.portalDist) buildPortal(portalDist);
    buildServers();

    const nginxPorts = {
      portal: await freePort(),
      identity: await freePort(),
      candidate: await freePort(),
      redirect: await freePort(),
    };
    const publicUrl = (part: PartName) => `http://127.0.0.1:${nginxPorts[part]}`;

    // The settings and secrets every instance shares (deploy/careers.env.example and deploy/<part>.env.example
    // list them; one set for all parts here, where every part runs as the same test user).
    const sharedEnv: Record<string, string> = {
      HOST: '127.0.0.1',
      PORTAL_URL: publicUrl('portal'),
      IDENTITY_URL: publicUrl('identity'),
      CANDIDATE_URL: publicUrl('candidate'),
      CORS_ORIGINS: publicUrl('portal'),
      IDENTITY_DATABASE_URL: databases.identity,
      CANDIDATE_DATABASE_URL: databases.candidate,
      REDIS_URL,
      REDIS_KEY_PREFIX: redisPrefix,
      CANDIDATE_REDIS_KEY_PREFIX: `${redisPrefix}candidate:`,
      SMTP_URL: mail.smtpUrl,
      S3_ENDPOINT: s3Endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      BOT_CHECK_SECRET: randomBytes(32).toString('base64url'),
      OTP_PEPPER: randomBytes(32).toString('base64url'),
      UNSUBSCRIBE_SECRET: randomBytes(32).toString('base64url'),
      TRUST_PROXY: 'loopback',
      PORTAL_DIST_DIR: portalDist,
      LOG_LEVEL: 'info',
      ...CLUSTER_TUNING,
    };
    // deploy/careers.env.example is the base every instance starts from; the test's values go over it.
    const baseEnv = {
      ...cleanEnv(),
      ...parseEnvFile(readFileSync(path.join(repoRoot, 'deploy/careers.env.example'), 'utf8')),
    };

    // Signing keys: one PEM, copied into every identity instance's DATA_DIR/identity-keys (operations.md).
    const firstKey = newSigningKeyPem();
    const identityDataDirs: string[] = [];
    const parts: PartName[] = ['identity', 'candidate', 'portal'];
    for (const part of parts) {
      for (const n of [1, 2]) {
        const name = `${part}-${n}`;
        const dataDir = path.join(workDir, name);
        mkdirSync(dataDir);
        if (part === 'identity') {
          mkdirSync(path.join(dataDir, 'identity-keys'), { mode: 0o700 });
          writeFileSync(path.join(dataDir, 'identity-keys', 'key-1.pem'), firstKey, { mode: 0o600 });
          identityDataDirs.push(dataDir);
        }
        const port = await freePort();
        instances.push(
          new Instance(name, part, port, () => ({
            ...baseEnv,
            ...sharedEnv,
            DATA_DIR: dataDir,
            [ENTRIES[part].portVar]: String(port),
          })),
        );
      }
    }
    const byPart = (part: PartName) => instances.filter((i) => i.part === part);

    // The first instance of each part migrates alone; the second joins it.
    for (const part of parts) await byPart(part)[0]!.start();
    await Promise.all(parts.map((part) => byPart(part)[1]!.start()));

    // nginx, as a child in the foreground, with its own pid, logs and temp folders.
    const nginxDir = path.join(workDir, 'nginx');
    for (const sub of ['', 'client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      mkdirSync(path.join(nginxDir, sub), { recursive: true });
      chmodSync(path.join(nginxDir, sub), 0o777);
    }
    // Instances taken out of the balancer for a restart are marked `down` (what an operator does too).
    const drained = new Set<string>();
    const servers = (part: PartName) =>
      byPart(part)
        .map((i) => `  server 127.0.0.1:${i.port} max_fails=1 fail_timeout=1s${drained.has(i.name) ? ' down' : ''};`)
        .join('\n');
    const writeSiteConfig = () =>
      writeFileSync(
        path.join(nginxDir, 'careers.conf'),
        renderNginxTemplate({
          PORTAL_SERVERS: servers('portal'),
          IDENTITY_SERVERS: servers('identity'),
          CANDIDATE_SERVERS: servers('candidate'),
          PORTAL_LISTEN: `127.0.0.1:${nginxPorts.portal}`,
          IDENTITY_LISTEN: `127.0.0.1:${nginxPorts.identity}`,
          CANDIDATE_LISTEN: `127.0.0.1:${nginxPorts.candidate}`,
          PORTAL_HOST: '_',
          IDENTITY_HOST: '_',
          CANDIDATE_HOST: '_',
          TLS: '# plain HTTP on loopback in the test',
          ACCESS_LOG: `${nginxDir}/access.log`,
          REDIRECT_LISTEN: `127.0.0.1:${nginxPorts.redirect}`,
          EXTRA_HTTP: 'add_header X-Upstream-Addr $upstream_addr always;',
        }),
      );
    writeSiteConfig();
    writeNginxMainConfig(nginxDir, { workerConnections: 1024, accessLog: `${nginxDir}/access.log` });
    const nginxLog = createWriteStream(path.join(logsDir, 'cluster-nginx.log'), { flags: 'w' });
    nginx = spawnNginx(nginxDir);
    nginx.stdout?.pipe(nginxLog, { end: false });
    nginx.stderr?.pipe(nginxLog, { end: false });
    cleanups.push(async () => {
      try {
        nginxLog.write(readFileSync(path.join(nginxDir, 'error.log')));
      } catch {
        // no error log: nothing to keep
      }
      nginxLog.end();
    });
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}); see e2e/.logs/cluster-nginx.log`);
      const ok = await fetch(`${publicUrl('identity')}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error('nginx did not answer in time');
      await sleep(100);
    }

    const portToName = new Map(instances.map((i) => [`127.0.0.1:${i.port}`, i.name]));
    const instanceAt = (addr: string | undefined) =>
      addr ? portToName.get(addr.split(',').at(-1)!.trim()) : undefined;
    const servedBy = async (part: PartName) =>
      instanceAt((await call(`${publicUrl(part)}/healthz`).catch(() => undefined))?.upstream);
    /**
     * Rewrites the site configuration and reloads nginx (SIGHUP: new workers; the old ones stop taking
     * connections at once and exit when their requests are answered). The reload is in effect once every
     * old worker has exited: from then on no request can reach an instance marked down, and none sent to
     * it before is still on its way. (Counting answers from elsewhere was not enough: under the load's own
     * requests, round robin gave four in a row from the other instance while the old worker still sent
     * requests to the drained one.)
     */
    const setDrained = async (instance: Instance, down: boolean) => {
      if (down) drained.add(instance.name);
      else drained.delete(instance.name);
      const oldWorkers = childPids(nginx!.pid!);
      writeSiteConfig();
      nginx!.kill('SIGHUP');
      const deadline = Date.now() + 15_000;
      const overdue = (what: string) => {
        if (Date.now() > deadline) throw new Error(`nginx did not ${what} within 15 s`);
      };
      while (oldWorkers.some(isRunning)) {
        overdue(`end the workers of its old configuration (${instance.name} ${down ? 'down' : 'back'})`);
        await sleep(50);
      }
      if (down) return;
      while ((await servedBy(instance.part)) !== instance.name) {
        overdue(`resume sending ${instance.name} requests`);
        await sleep(100);
      }
    };
    // An operator's rolling restart, one instance: out of the balancer (reload), SIGTERM (the instance
    // finishes what it has), start, back into the balancer, and on only once nginx sends it requests.
    const restartInRotation = async (instance: Instance) => {
      await setDrained(instance, true);
      const code = await instance.restart();
      await setDrained(instance, false);
      return code;
    };
    return {
      portalUrl: publicUrl('portal'),
      identityUrl: publicUrl('identity'),
      candidateUrl: publicUrl('candidate'),
      instances,
      byPart,
      instanceAt,
      restartInRotation,
      mail,
      sharedEnv,
      databases,
      s3Endpoint,
      workDir,
      identityDataDirs,
      redisPrefix,
      createDatabase,
      startObjectStore,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A process's state and parent from /proc/<pid>/stat ("pid (comm) state ppid …": comm may hold spaces and
 * parentheses, so the fields are read after its last ')'), or null once it has ended.
 */
function processStat(pid: number | string): { state: string; ppid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state = '', ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state, ppid: Number(ppid) };
  } catch {
    return null;
  }
}

/** The processes whose parent is `pid` (nginx's workers under its master). */
function childPids(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && processStat(entry)?.ppid === pid)
    .map(Number);
}

/** Not ended, nor ended and waiting for its parent (a zombie). */
function isRunning(pid: number): boolean {
  const state = processStat(pid)?.state;
  return state !== undefined && state !== 'Z';
}

/** KEY=VALUE lines of an environment file (systemd's EnvironmentFile), comments and blank lines skipped. */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}

/** The developer's environment minus anything that points at other infrastructure or at vitest. */
export function cleanEnv(): NodeJS.ProcessEnv {
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
  return env;
}

export { freePort as freePortFor } from './stack';

/**
 * Runs one of the repository's TypeScript scripts (npm run backup / restore) with the given environment.
 * Asynchronously: s3rver answers from this very process.
 */
export async function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env: { ...cleanEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { status, output };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The instance that answered, from nginx's X-Upstream-Addr. */
  upstream: string | undefined;
  json<T = unknown>(): T;
  text(): string;
}

export interface CallOptions {
  method?: string;
  token?: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** The client's own address (any of 127.0.0.0/8): how a test plays several clients or attackers. */
  from?: string;
  /** Send the body in this many pieces with a pause between them: a slow client, a request that lasts. */
  trickle?: { pieces: number; pauseMs: number };
}

/** One HTTP call from a chosen loopback address (node:http, so the source address can be set). */
export async function call(url: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  let body: Buffer | undefined;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = Buffer.from(JSON.stringify(options.json));
  } else if (options.form) {
    const encoded = new Response(options.form);
    headers['content-type'] = encoded.headers.get('content-type')!;
    body = Buffer.from(await encoded.arrayBuffer());
  }
  if (body) headers['content-length'] = String(body.length);
  const target = new URL(url);
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: options.method ?? (body ? 'POST' : 'GET'),
        headers,
        localAddress: options.from,
        agent: false,
        timeout: 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const data = Buffer.concat(chunks);
          const upstream = res.headers['x-upstream-addr'];
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: data,
            upstream: Array.isArray(upstream) ? upstream.join(', ') : upstream,
            json: <T>() => JSON.parse(data.toString('utf8')) as T,
            text: () => data.toString('utf8'),
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
    const trickle = options.trickle;
    if (!body || !trickle) {
      req.end(body);
      return;
    }
    const size = Math.ceil(body.length / trickle.pieces);
    void (async () => {
      for (let offset = 0; offset < body.length; offset += size) {
        req.write(body.subarray(offset, offset + size));
        await sleep(trickle.pauseMs);
      }
      req.end();
    })();
  });
}
