import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http-client';
import { SourceFunnelSection } from './source-funnel';

interface Distribution {
  places: { name: string; url: string; how: string }[];
  crawlers: { crawler: string; via: string; fetches: number; lastAt: string }[];
}

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A job's reach (issue 27 items 6 and 7): where its applications came from in a chosen period and how far
 * each source's got, where the job is published ("post once": each board's feed URL and how to register it),
 * and which crawlers fetched it (its apply page or a feed carrying it) and when.
 */
export function JobReach({ jobId }: { jobId: string }) {
  const distribution = useQuery({
    queryKey: ['employer', 'distribution', jobId],
    queryFn: async () =>
      (await http.candidate.get<Distribution>(`/business/jobs/${encodeURIComponent(jobId)}/distribution`)).data,
  });

  return (
    <>
      <SourceFunnelSection jobId={jobId} title="Where hires come from" />
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
