import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { applicationSourceName } from '@careers/contracts/application-sources';
import { ApplicationStatus } from '@careers/contracts/enum-values';
import { http } from '../../../lib/http-client';
import { employerStatusLabel } from '../application-status';
import './job-page.css';

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

/**
 * Where hires come from (issue 27 item 7): the applications made in a chosen period by source, and how many of
 * each source reached each status up to Hired; for one job (its page) or every job the member sees (the jobs page).
 */
export function SourceFunnelSection({ jobId, title }: { jobId?: string; title: string }) {
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const titleId = useId();
  const funnel = useQuery({
    queryKey: ['employer', 'source-funnel', jobId ?? 'all', days],
    queryFn: async () => {
      const from = new Date(Date.now() - days * 86_400_000).toISOString();
      const params = jobId ? { jobId, from } : { from };
      const { data } = await http.candidate.get<SourceFunnel>('/business/source-funnel', { params });
      return data;
    },
  });
  return (
    <section className="card employer-numbers" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <label className="employer-select">
        <span>Period</span>
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
        <div className="employer-table-scroll" tabIndex={0} role="region" aria-labelledby={titleId}>
          <table className="employer-table">
            <caption>Applications by source, and how many reached each status</caption>
            <thead>
              <tr>
                <th scope="col">Source</th>
                <th scope="col" className="employer-table__number">
                  Applications
                </th>
                {STAGES.map((stage) => (
                  <th scope="col" key={stage} className="employer-table__number">
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
                    <th scope="row">{applicationSourceName(row.source)}</th>
                    <td className="employer-table__number">{row.applications}</td>
                    {STAGES.map((stage) => (
                      <td key={stage} className="employer-table__number">
                        {reached.get(stage) ?? 0}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
