/**
 * Crawlers' fetches of an apply page on the running stack (docs/decisions/0514): the portal's server
 * reports them with the credential the embedded default generated under DATA_DIR (written by the
 * candidate service, read by the portal), and the employer sees the count; a stranger's report is refused.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createEmployer, type Employer, type EmployerJob } from '../support/jobs';

const { portalUrl, candidateUrl } = inject('stack');
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let employer: Employer;
let job: EmployerJob;

beforeAll(async () => {
  employer = await createEmployer({ label: 'crawled', jobs: [{ title: 'Web Spinner' }] });
  [job] = employer.jobs as [EmployerJob];
});

type Distribution = { crawlers: { crawler: string; via: string; fetches: number }[]; nextCursor: string | null };

describe("crawlers' fetches of an apply page", () => {
  it("are reported by the portal's server alone and reach the employer's list", async () => {
    const stranger = await fetch(`${candidateUrl}/internal/jobs/${job.id}/crawler-fetches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${randomUUID()}${randomUUID()}` },
      body: JSON.stringify({ userAgent: GOOGLEBOT }),
    });
    expect(stranger.status).toBe(401);
    const old = await fetch(`${candidateUrl}/job/${job.id}/crawler-fetches`, {
      method: 'POST',
      headers: { 'user-agent': GOOGLEBOT },
    });
    expect(old.status).toBe(404);

    for (let i = 0; i < 3; i += 1) {
      const page = await fetch(`${portalUrl}/apply/${job.id}`, { headers: { 'user-agent': GOOGLEBOT } });
      expect(page.status).toBe(200);
      await page.text();
    }
    // The counts are saved every few seconds.
    await expect
      .poll(
        async () => {
          const res = await fetch(`${candidateUrl}/business/jobs/${job.id}/distribution?limit=5`, {
            headers: { authorization: `Bearer ${employer.token}` },
          });
          return ((await res.json()) as Distribution).crawlers;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toEqual([expect.objectContaining({ crawler: 'Googlebot', via: 'job page', fetches: 3 })]);
  });
});
