import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Integration tests run on PGlite always, and on PostgreSQL when TEST_POSTGRES_URL names a server
 * (the test command sets it; in CI PostgreSQL is required). Each test file gets its own database.
 */
export type DatabaseKind = 'pglite' | 'postgres';

export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  /** postgres://… or undefined for an in-memory PGlite. */
  url: string | undefined;
  drop(): Promise<void>;
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') return { url: undefined, drop: async () => {} };
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) throw new Error('TEST_POSTGRES_URL is not set');
  const name = `careers_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface TcpProxy {
  /** host:port to connect to instead of the target. */
  readonly port: number;
  /** Ends every open connection at once and refuses new ones, as a crashed or unplugged server would. */
  cut(): void;
  /** Accepts and forwards again. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP forwarder to host:port that a test can cut and restore: the dependency "goes away" for the
 * process under test without touching the real server other tests use.
 */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    open.add(client);
    open.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const cutAll = () => {
    cut = true;
    // A reset, not a polite close: what a restarted server or a dropped link gives the client.
    for (const socket of open) socket.resetAndDestroy();
    open.clear();
  };
  return {
    port,
    cut: cutAll,
    restore() {
      cut = false;
    },
    async close() {
      cutAll();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A PostgreSQL URL with its host and port replaced (to go through a TcpProxy). */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString();
}

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:port/postgres */
  readonly url: string;
  /** `pg_ctl stop -m fast`: every backend ends, as in a restart by an operator. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its folder. */
  destroy(): Promise<void>;
}

/**
 * A throwaway PostgreSQL cluster in a temporary folder, on its own port, that a fault test may stop
 * and start without touching the server other tests share. Uses the newest server binaries under
 * /usr/lib/postgresql; as root it runs them as the postgres user (initdb refuses root).
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const versions = (await fs.readdir('/usr/lib/postgresql'))
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  const bin = `/usr/lib/postgresql/${versions[0]}/bin`;
  const asRoot = process.getuid?.() === 0;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pg-cluster-'));
  if (asRoot) await run('chown', ['postgres:postgres', dir]);
  const exec = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', `${bin}/${tool}`, ...args]) : run(`${bin}/${tool}`, args);
  const port = await freePort();
  const data = path.join(dir, 'data');
  await exec('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = () => exec('pg_ctl', ['start', '-w', '-D', data, '-l', path.join(dir, 'log'), '-o', options]);
  const stop = () => exec('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', data]);
  await start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await stop().catch(() => undefined);
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: 60_000 }, (err, _stdout, stderr) =>
      err ? reject(new Error(`${command} ${args.join(' ')} failed: ${stderr || err.message}`)) : resolve(),
    );
  });
}

/** A TCP port free on loopback right now (for a process the test starts). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Asks until the answer is not 503 (the dependency is back and the pool or client reconnected). */
export async function untilServed<T extends { statusCode: number }>(
  ask: () => Promise<T>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await ask();
  while (last.statusCode === 503 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    last = await ask();
  }
  return last;
}
