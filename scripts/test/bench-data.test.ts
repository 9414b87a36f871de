import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { databaseKinds } from '@careers/server-kit/testing';
import { openDatabase } from '@careers/server-kit/database';
import { migrateToLatest } from '@careers/server-kit/migrations';
import { migrationsFolder, type CandidateDatabase } from '@careers/candidate/public';
import { BENCH_CANDIDATE, BENCH_EMPLOYER, loadApplications } from '../bench/load-applications';
import { formatJobSearch, seedOpenJobs } from '../bench/job-search';

/** A candidate database of its own, migrated before the describe's tests and dropped after them. */
function migratedDatabase(prefix: string) {
  const adminUrl = process.env.TEST_POSTGRES_URL!;
  const name = `${prefix}_${randomUUID().slice(0, 8)}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = { url: url.toString(), client: undefined as unknown as pg.Client };
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const database = await openDatabase<CandidateDatabase>({ url: handle.url } as never);
    await migrateToLatest(database.db as never, migrationsFolder, 'candidate');
    await database.close();
    handle.client = new pg.Client({ connectionString: handle.url });
    await handle.client.connect();
  }, 60_000);
  afterAll(async () => {
    await handle.client?.end();
    await admin(`drop database if exists ${name} with (force)`);
  });

  const count = async (sql: string, values: unknown[] = []) =>
    Number((await handle.client.query<{ n: string }>(sql, values)).rows[0]!.n);
  return { handle, count };
}

/**
 * The data loaders of `npm run bench`'s list and job-search figures writes SQL against the candidate schema directly, so a
 * migration that adds a required column breaks it without any other test noticing (the slug of 0013 did,
 * unseen until a full bench run). This runs it on a freshly migrated database with a few rows.
 */
describe.each(databaseKinds().filter((kind) => kind === 'postgres'))('the list bench data on %s', () => {
  const { handle, count } = migratedDatabase('test_bench');

  it('fills a migrated candidate database, and a second run grows the same data', async () => {
    const first = await loadApplications(handle.url, 100);
    expect(first.candidateEmail).toBe(`${BENCH_CANDIDATE}@example.test`);
    expect(await count('select count(*) as n from job_applications')).toBe(100);
    expect(await count('select count(*) as n from jobs where id = $1', [first.jobId])).toBe(1);
    // The employer acts through the team (owner) and the candidate it measures holds 50 applications.
    expect(
      await count(`select count(*) as n from business_members where user_id = $1 and role = 'Owner'`, [BENCH_EMPLOYER]),
    ).toBe(1);
    expect(
      await count(
        'select count(*) as n from job_applications a join candidates c on c.id = a.candidate_id where c.user_id = $1',
        [BENCH_CANDIDATE],
      ),
    ).toBe(50);

    const second = await loadApplications(handle.url, 250);
    expect(second.jobId).toBe(first.jobId);
    expect(await count('select count(*) as n from job_applications')).toBe(250);
    // The per-job totals the trigger keeps are counted once after the bulk load.
    expect(
      await count(
        'select count(*) as n from jobs j where j.application_count <> (select count(*) from job_applications a where a.job_id = j.id)',
      ),
    ).toBe(0);
  }, 60_000);
});

describe.each(databaseKinds().filter((kind) => kind === 'postgres'))('the /jobs bench data on %s', () => {
  const { handle, count } = migratedDatabase('test_bench_jobs');

  it('seeds open jobs for the /jobs figures, with each keyword as frequent as its label says', async () => {
    await seedOpenJobs(handle.client, 1_000);
    expect(await count('select count(*) as n from jobs where is_live and valid_through > now()')).toBe(1_000);
    const matching = (word: string) =>
      count("select count(*) as n from jobs where search_vector @@ websearch_to_tsquery('english', $1)", [word]);
    // 'weekend' (1 in 40) fills page 1 (21 rows) already at 1,000 jobs; 'harbour' (1 in 500) does not.
    expect(await matching('weekend')).toBe(25);
    expect(await matching('harbour')).toBe(2);
    expect(
      await count('select count(distinct slug) as n from businesses where slug like $1', ['bench-business-%']),
    ).toBe(10);
  }, 60_000);
});

describe('the /jobs figures as the bench prints them', () => {
  it('holds the 1.5x target only where page 1 is the same size at both sizes', () => {
    const [full, rare] = formatJobSearch([
      { label: 'page 1, keyword', atThousandMs: 2, atHundredThousandMs: 2.5, rows: [21, 21] },
      { label: 'page 1, rare keyword', atThousandMs: 1, atHundredThousandMs: 1.8, rows: [2, 21] },
    ]);
    expect(full).toBe('page 1, keyword: 2.00 ms at 1,000, 2.50 ms at 100,000 open jobs = 1.25x (target <= 1.5x)');
    expect(rare).toContain('= 1.80x (no target: page 1 holds 2 jobs at 1,000 and 21 at 100,000');
  });
});
