/** Page 1 of the two application lists, timed one request after another (median of many). */
import pg from 'pg';

export async function medianMs(times: number, call: () => Promise<Response>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const res = await call();
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${res.url} answered ${res.status}`);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

export async function timeLists(
  candidateUrl: string,
  jobId: string,
  tokens: { candidate: string; employer: string },
  times = 300,
) {
  const get = (path: string, token: string) => () =>
    fetch(`${candidateUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const candidatePage = get('/job-applications?page=1&pageSize=10', tokens.candidate);
  const employerPage = get(`/business/jobs/${jobId}/applications?page=1&pageSize=10`, tokens.employer);
  await medianMs(50, candidatePage); // warm up
  await medianMs(50, employerPage);
  return { candidate: await medianMs(times, candidatePage), employer: await medianMs(times, employerPage) };
}

/** The plans of the two page-1 queries (as the repositories write them), for the report. */
export async function explainLists(databaseUrl: string, jobId: string, candidateUserId: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const plans: string[] = [];
    for (const [query, value] of [
      [
        `select a.*, c.name from job_applications a join candidates c on c.id = a.candidate_id
         where a.job_id = $1 order by a.applied_at desc, a.id offset 0 limit 10`,
        jobId,
      ],
      [
        `select a.*, jobs.*, b.name from job_applications a join jobs on jobs.id = a.job_id join businesses b on b.id = jobs.business_id
         where a.candidate_id = (select id from candidates where user_id = $1) order by a.applied_at desc, a.id offset 0 limit 10`,
        candidateUserId,
      ],
    ] as const) {
      const result = await client.query<{ 'QUERY PLAN': string }>(`explain ${query}`, [value]);
      plans.push(result.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    return plans;
  } finally {
    await client.end();
  }
}
