import { crawlerOf } from '@careers/server-kit/crawlers';

export interface CrawlerReportOptions {
  candidateBaseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * "Which crawlers fetched this job" (docs/decisions/0382) covers the apply page, which this server renders from
 * its own cache: when a crawler fetched one, the candidate service is told, with the crawler's User-Agent.
 * Nothing waits for it and a failure is dropped (a count is not worth a slower page); a person's browser sends
 * nothing.
 */
export function createCrawlerReporter(options: CrawlerReportOptions) {
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 2_000;
  return (userAgent: string | undefined, jobId: string): void => {
    if (!userAgent || !crawlerOf(userAgent)) return;
    void send(`${options.candidateBaseUrl}/job/${encodeURIComponent(jobId)}/crawler-fetches`, {
      method: 'POST',
      headers: { 'user-agent': userAgent },
      signal: AbortSignal.timeout(timeoutMs),
    })
      .then((response) => response.body?.cancel())
      .catch(() => undefined);
  };
}
