import { useInfiniteQuery } from '@tanstack/react-query';
import { CRAWLER_PAGE_DEFAULT, type JobBoard, type JobDistribution } from '@careers/contracts/job-distribution';
import { Badge } from '../../../components/badge';
import { http } from '../../../lib/http-client';
import { CopyLink } from './copy-link';
import './job-page.css';

/** Crawler lines asked for at a time: the service's own default. */
const CRAWLERS_PER_PAGE = CRAWLER_PAGE_DEFAULT;

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => WHEN.format(new Date(iso));

function SearchEngines({ indexNow }: { indexNow: JobDistribution['indexNow'] }) {
  return (
    <p className="employer-reach__engines">
      <strong>Search engines (Bing, Yandex, Seznam, Naver via IndexNow):</strong>{' '}
      {indexNow.on ? (
        <>
          told at once.{' '}
          {indexNow.lastNotifiedAt ? `Last told ${when(indexNow.lastNotifiedAt)}.` : 'Not told of this job yet.'}
        </>
      ) : (
        'not told at once on this site (it needs a public https address); they find the job through the sitemap.'
      )}
    </p>
  );
}

function BoardLine({ board }: { board: JobBoard }) {
  return (
    <li className="employer-boards__item">
      <div className="employer-boards__head">
        <h3 className="employer-boards__name">{board.name}</h3>
        <Badge tone={board.needs === 'nothing' ? 'success' : 'warning'} srPrefix="Needs:">
          {board.needs === 'nothing' ? 'Nothing to do' : 'One-time feed registration'}
        </Badge>
      </div>
      <p className="employer-boards__fetched">
        {board.lastFetchedAt ? `Last fetched ${when(board.lastFetchedAt)}` : 'Not fetched yet'}
      </p>
      {board.needs === 'nothing' ? (
        <p className="employer-boards__how">{board.how}</p>
      ) : (
        <details className="employer-boards__setup">
          <summary>Set up {board.name}</summary>
          <p>{board.how}</p>
          {board.feedUrl ? <CopyLink label={`Feed URL for ${board.name}`} url={board.feedUrl} /> : null}
          {board.registerUrl ? (
            <p>
              <a href={board.registerUrl} target="_blank" rel="noreferrer noopener">
                Open {board.name}’s site
              </a>
            </p>
          ) : null}
        </details>
      )}
    </li>
  );
}

/**
 * Where a job is published, as the sign-in pages promise "many job boards with one click" (docs/decisions/0561):
 * each board by name with what it needs (nothing, or a one-time registration of its feed URL) and when its
 * crawler last fetched the job; the search engines IndexNow tells at once; the raw addresses and every
 * crawler's fetches behind disclosures.
 */
export function JobReach({ jobId }: { jobId: string }) {
  const distribution = useInfiniteQuery({
    queryKey: ['employer', 'distribution', jobId],
    queryFn: async ({ pageParam }) =>
      (
        await http.candidate.get<JobDistribution>(`/business/jobs/${encodeURIComponent(jobId)}/distribution`, {
          params: { limit: CRAWLERS_PER_PAGE, ...(pageParam ? { cursor: pageParam } : {}) },
        })
      ).data,
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  const first = distribution.data?.pages[0];
  const crawlers = distribution.data?.pages.flatMap((page) => page.crawlers) ?? [];

  return (
    <section className="card employer-reach" aria-labelledby="published-title">
      <h2 id="published-title">Where this job is published</h2>
      {first ? (
        <>
          <p>
            While the job is open it is on this site’s job search, your careers page and the sitemap, and in every
            board’s feed. The boards that read the sitemap need nothing; the others need the feed URL once.
          </p>
          <SearchEngines indexNow={first.indexNow} />
          <ul className="employer-boards" aria-label="Job boards">
            {first.boards.map((board) => (
              <BoardLine key={board.id} board={board} />
            ))}
          </ul>
          <details className="employer-reach__more">
            <summary>Feed addresses</summary>
            <ul className="employer-published">
              {first.places.map((place) => (
                <li key={place.url}>
                  <strong>{place.name}</strong>: <code>{place.url}</code>
                </li>
              ))}
            </ul>
          </details>
          <details className="employer-reach__more">
            <summary>Every crawler fetch</summary>
            {crawlers.length === 0 ? (
              <p>No crawler has fetched it yet.</p>
            ) : (
              <>
                <ul>
                  {crawlers.map((c, i) => (
                    // Several feeds are each "feed": a line is known by its place in the list.
                    <li key={i}>
                      {c.crawler} ({c.via}): {c.fetches} {c.fetches === 1 ? 'fetch' : 'fetches'}, last on{' '}
                      {when(c.lastAt)}
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
          </details>
        </>
      ) : null}
    </section>
  );
}
