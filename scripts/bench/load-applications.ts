/**
 * Fills a (migrated) candidate database with job applications for the list benchmark, by SQL
 * generate_series: a million rows take seconds, not the hours that a million API calls would.
 *
 *   node --import tsx scripts/bench/load-applications.ts <CANDIDATE_DATABASE_URL> <total applications>
 *
 * Everything it makes is derived from a row number, so that a second run grows the same data: one
 * employer ('bench-employer') with 1,000 jobs; candidates 'bench-<n>' who apply to 50 jobs each. So
 * candidate 'bench-0' always has 50 applications and job 0 holds about one in a thousand of them: the
 * lists the benchmark reads keep their shape while the table around them grows a thousandfold.
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';

export const BENCH_EMPLOYER = 'bench-employer';
export const BENCH_CANDIDATE = 'bench-0';
const JOBS = 1_000;
const PER_CANDIDATE = 50;

// A version-4-shaped uuid from an md5: the API's schemas accept only RFC 9562 ids.
const uuidOf = (kind: string, n: string) =>
  `overlay(overlay(md5('bench-${kind}-' || ${n}) placing '4' from 13) placing '8' from 17)::uuid`;

/** Grows the bench data to `total` applications (no-op for what exists); answers the measured ids. */
export async function loadApplications(url: string, total: number): Promise<{ jobId: string; candidateEmail: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const candidates = Math.ceil(total / PER_CANDIDATE);
    await client.query('begin');
    await client.query(
      `insert into businesses (id, owner_user_id, name, image_relative_directory, slug)
       values (${uuidOf('business', "'0'")}, $1, 'Bench Employer', 'businesses/' || ${uuidOf('business', "'0'")}, $1)
       on conflict do nothing`,
      [BENCH_EMPLOYER],
    );
    // The employer API acts for members of the business's team (migration 0011), owners included.
    await client.query(
      `insert into business_members (business_id, user_id, email, role)
       values (${uuidOf('business', "'0'")}, $1, $2, 'Owner')
       on conflict do nothing`,
      [BENCH_EMPLOYER, `${BENCH_EMPLOYER}@example.test`],
    );
    await client.query(
      `insert into jobs (id, business_id, title, description, city, created_at)
       select ${uuidOf('job', 'j')}, ${uuidOf('business', "'0'")}, 'Bench job ' || j, 'A job of the list benchmark.', 'Leeds',
              now() - j * interval '1 minute'
       from generate_series(0, ${JOBS - 1}) j
       on conflict do nothing`,
    );
    await client.query(
      `insert into candidates (id, user_id, name, email, phone_number, postcode)
       select ${uuidOf('candidate', 'c')}, 'bench-' || c, 'Bench Candidate ' || c, 'bench-' || c || '@example.test', '0700 900000', 'LS1 1AA'
       from generate_series(0, ${candidates - 1}) c
       on conflict do nothing`,
    );
    // The job total is kept by a row trigger; for a bulk load it is counted once afterwards instead.
    await client.query('alter table job_applications disable trigger job_applications_count');
    await client.query(
      `insert into job_applications (id, candidate_id, job_id, cv_file_name, ready_to_work, applied_at)
       select ${uuidOf('application', 'k')}, ${uuidOf('candidate', 'k / ' + PER_CANDIDATE)},
              ${uuidOf('job', `((k / ${PER_CANDIDATE}) * 7 + k % ${PER_CANDIDATE}) % ${JOBS}`)},
              'cv.pdf', true, now() - k * interval '1 second'
       from generate_series(0, ${total - 1}) k
       on conflict do nothing`,
    );
    await client.query('alter table job_applications enable trigger job_applications_count');
    await client.query(
      `update jobs set application_count = (select count(*) from job_applications a where a.job_id = jobs.id)
       where business_id = ${uuidOf('business', "'0'")}`,
    );
    await client.query('commit');
    await client.query('vacuum analyze businesses, jobs, candidates, job_applications');
    const job = await client.query<{ id: string }>(`select ${uuidOf('job', "'0'")} as id`);
    return { jobId: job.rows[0]!.id, candidateEmail: `${BENCH_CANDIDATE}@example.test` };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [url, count] = process.argv.slice(2);
  if (!url || !Number.isInteger(Number(count)) || Number(count) < 1) {
    console.error(
      'usage: node --import tsx scripts/bench/load-applications.ts <CANDIDATE_DATABASE_URL> <total applications>',
    );
    process.exit(2);
  }
  const started = Date.now();
  await loadApplications(url, Number(count));
  console.log(`${count} applications in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
