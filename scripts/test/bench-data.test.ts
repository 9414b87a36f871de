import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { databaseKinds } from '@careers/server-kit/testing';
import { openDatabase } from '@careers/server-kit/database';
import { migrateToLatest } from '@careers/server-kit/migrations';
import { migrationsFolder, type CandidateDatabase } from '@careers/candidate/public';
import { BENCH_CANDIDATE, BENCH_EMPLOYER, loadApplications } from '../bench/load-applications';

/**
 * The data loader of `npm run bench`'s list figures writes SQL against the candidate schema directly, so a
 * migration that adds a required column breaks it without any other test noticing (the slug of 0013 did,
 * unseen until a full bench run). This runs it on a freshly migrated database with a few rows.
 */
describe.each(databaseKinds().filter((kind) => kind === 'postgres'))('the list bench data on %s', () => {
  const adminUrl = process.env.TEST_POSTGRES_URL!;
  const name = `test_bench_${randomUUID().slice(0, 8)}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let client: pg.Client;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const database = await openDatabase<CandidateDatabase>({ url: url.toString() } as never);
    await migrateToLatest(database.db as never, migrationsFolder, 'candidate');
    await database.close();
    client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
  }, 60_000);
  afterAll(async () => {
    await client?.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const count = async (sql: string, values: unknown[] = []) =>
    Number((await client.query<{ n: string }>(sql, values)).rows[0]!.n);

  it('fills a migrated candidate database, and a second run grows the same data', async () => {
    const first = await loadApplications(url.toString(), 100);
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

    const second = await loadApplications(url.toString(), 250);
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
