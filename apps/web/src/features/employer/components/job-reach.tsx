import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApplicationStatus } from '@careers/contracts/enum-values';
import { http } from '../../../lib/http-client';
import { employerStatusLabel } from '../application-status';

/** The stages a source's applications are counted at, up to Hired (issue 27 item 7). */
const STAGES = [
  ApplicationStatus.Qualify,
  ApplicationStatus.ScheduleInterview,
  ApplicationStatus.Interviewed,
  ApplicationStatus.MakeOffer,
  ApplicationStatus.Hired,
] as const;
const PERIODS = [7, 30, 90, 365] as const;

interface SourceFunnel {
  sources: { source: string; applications: number; reached: { applicationStatus: number; applications: number }[] }[];
}
interface Distribution {
  places: { name: string; url: string; how: string }[];
  crawlers: { crawler: string; via: string; fetches: number; lastAt: string }[];
}

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A job's reach (issue 27 items 6 and 7): where its applications came from in a chosen period and how far
 * each source's got, where the job is published ("post once": each board's feed URL and how to register it),
 * and which crawlers fetched it and when.
 */
export function JobReach({ jobId }: { jobId: string }) {
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const funnel = useQuery({
    queryKey: ['employer', 'source-funnel', jobId, days],
    queryFn: async () => {
      const from = new Date(Date.now() - days * 86_400_000).toISOString();
      const { data } = await http.candidate.get<SourceFunnel>('/business/source-funnel', { params: { jobId, from } });
      return data;
    },
  });
  const distribution = useQuery({
    queryKey: ['employer', 'distribution', jobId],
    queryFn: async () =>
      (await http.candidate.get<Distribution>(`/business/jobs/${encodeURIComponent(jobId)}/distribution`)).data,
  });

  return (
    <>
      <section className="card employer-numbers" aria-labelledby="sources-title">
        <h2 id="sources-title">Where hires come from</h2>
        <label>
          Period{' '}
          <select value={days} onChange={(event) => setDays(Number(event.target.value) as (typeof PERIODS)[number])}>
            {PERIODS.map((n) => (
              <option key={n} value={n}>
                Last {n} days
              </option>
            ))}
          </select>
        </label>
        {funnel.data && funnel.data.sources.length === 0 ? <p>No applications in this period.</p> : null}
        {funnel.data && funnel.data.sources.length > 0 ? (
          // A wide table scrolls inside its box on a phone; the box takes the keyboard so it can be scrolled.
          <div className="employer-table-scroll" tabIndex={0} role="region" aria-labelledby="sources-title">
            <table>
              <caption>Applications by source, and how many reached each status</caption>
              <thead>
                <tr>
                  <th scope="col">Source</th>
                  <th scope="col">Applications</th>
                  {STAGES.map((stage) => (
                    <th scope="col" key={stage}>
                      {employerStatusLabel[stage]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {funnel.data.sources.map((row) => {
                  const reached = new Map(row.reached.map((r) => [r.applicationStatus, r.applications]));
                  return (
                    <tr key={row.source}>
                      <th scope="row">{row.source}</th>
                      <td>{row.applications}</td>
                      {STAGES.map((stage) => (
                        <td key={stage}>{reached.get(stage) ?? 0}</td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      <section className="card employer-numbers" aria-labelledby="published-title">
        <h2 id="published-title">Where this job is published</h2>
        {distribution.data ? (
          <>
            <ul className="employer-published">
              {distribution.data.places.map((place) => (
                <li key={place.url}>
                  <strong>{place.name}</strong>: <code>{place.url}</code>
                  <br />
                  {place.how}
                </li>
              ))}
            </ul>
            <h3>Crawlers that fetched it</h3>
            {distribution.data.crawlers.length === 0 ? (
              <p>No crawler has fetched it yet.</p>
            ) : (
              <ul>
                {distribution.data.crawlers.map((c) => (
                  <li key={`${c.crawler} ${c.via}`}>
                    {c.crawler} ({c.via}): {c.fetches} {c.fetches === 1 ? 'fetch' : 'fetches'}, last on{' '}
                    {WHEN.format(new Date(c.lastAt))}
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </section>
    </>
  );
}
