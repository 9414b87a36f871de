/**
 * `npm run bench`: starts the whole stack on PostgreSQL (fresh databases, dropped afterwards) and
 * prints, side by side in one run, the figures issue 9 sets targets for. Not part of `npm test`:
 * the numbers move with the machine's load. BENCH_POSTGRES_URL names the server (default
 * postgres://postgres@127.0.0.1:5432/postgres); BENCH_SECONDS the length of each load run.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { freePort, startStack, type Stack } from '../e2e/support/stack';
import { seedDemo } from './seed-demo';
import { compareJobApi } from './bench/job-api';

const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const suffix = randomUUID().slice(0, 8);
const databases = { identity: `bench_identity_${suffix}`, candidate: `bench_candidate_${suffix}` };

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

const rows: [string, string][] = [];
function report(label: string, value: string) {
  rows.push([label, value]);
  console.log(`${label.padEnd(44)} ${value}`);
}

let stack: Stack | undefined;
let exitCode = 0;
try {
  for (const name of Object.values(databases)) await admin(`create database ${name}`);
  console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`);
  stack = await startStack({
    env: { IDENTITY_DATABASE_URL: databaseUrl(databases.identity), CANDIDATE_DATABASE_URL: databaseUrl(databases.candidate), LOG_LEVEL: 'warn' },
  });
  const links = await seedDemo({ identityUrl: stack.identityUrl, candidateUrl: stack.candidateUrl, portalUrl: stack.portalUrl, onlyIfEmpty: false });
  const jobId = links.map((link) => /\/apply\/([^\s/?#]+)/.exec(link)?.[1]).find(Boolean);
  if (!jobId) throw new Error('the demo data has no job');

  const job = await compareJobApi(stack.candidateUrl, jobId, await freePort(), seconds);
  report('GET /job/{id} (req/s, service / bare Fastify)', `${Math.round(job.service.requestsPerSecond)} / ${Math.round(job.bare.requestsPerSecond)} = ${job.ratio.toFixed(2)}`);
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  exitCode = 1;
} finally {
  await stack?.stop();
  for (const name of Object.values(databases)) await admin(`drop database if exists ${name} with (force)`).catch(() => undefined);
}
process.exit(exitCode);
