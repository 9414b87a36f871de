import { useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http-client';
import { SourceFunnelSection } from './source-funnel';

interface Distribution {
  places: { name: string; url: string; how: string }[];
  crawlers: { crawler: string; via: string; fetches: number; lastAt: string }[];
  /** The next page of crawlers (docs/decisions/0514); null on the last. */
  nextCursor: string | null;
}

/** Crawler lines asked for at a time; the service allows at most 50. */
const CRAWLERS_PER_PAGE = 20;

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A job's reach (issue 27 items 6 and 7): where its applications came from in a chosen period and how far
 * each source's got, where the job is published ("post once": each board's feed URL and how to register it),
 * and which crawlers fetched it (its apply page or a feed carrying it) and when.
 */
export function JobReach({ jobId }: { jobId: string }) {
  const distribution = useInfiniteQuery({
    queryKey: ['employer', 'distribution', jobId],
    queryFn: async ({ pageParam }) =>
      (
        await http.candidate.get<Distribution>(`/business/jobs/${encodeURIComponent(jobId)}/distribution`, {
          params: { limit: CRAWLERS_PER_PAGE, ...(pageParam ? { cursor: pageParam } : {}) },
        })
      ).data,
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  const places = distribution.data?.pages[0]?.places;
  const crawlers = distribution.data?.pages.flatMap((page) => page.crawlers) ?? [];

  return (
    <>
      <SourceFunnelSection jobId={jobId} title="Where hires come from" />
      <section className="card employer-numbers" aria-labelledby="published-title">
        <h2 id="published-title">Where this job is published</h2>
        {places ? (
          <>
            <ul className="employer-published">
              {places.map((place) => (
                <li key={place.url}>
                  <strong>{place.name}</strong>: <code>{place.url}</code>
                  <br />
                  {place.how}
                </li>
              ))}
            </ul>
            <h3>Crawlers that fetched it</h3>
            {crawlers.length === 0 ? (
              <p>No crawler has fetched it yet.</p>
            ) : (
              <>
                <ul>
                  {crawlers.map((c, i) => (
                    // Several feeds are each "feed": a line is known by its place in the list.
                    <li key={i}>
                      {c.crawler} ({c.via}): {c.fetches} {c.fetches === 1 ? 'fetch' : 'fetches'}, last on{' '}
                      {WHEN.format(new Date(c.lastAt))}
                    </li>
                  ))}
                </ul>
                {distribution.hasNextPage ? (
                  <button
                    type="button"
                    className="btn btn--secondary"
                    onClick={() => {
                      if (!distribution.isFetchingNextPage) void distribution.fetchNextPage();
                    }}
                  >
                    Show more
                  </button>
                ) : null}
              </>
            )}
          </>
        ) : null}
      </section>
    </>
  );
}
