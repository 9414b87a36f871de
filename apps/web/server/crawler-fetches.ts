import { readFile } from 'node:fs/promises';
import { CRAWLER_USER_AGENT_MAX, type CrawlerFetchReport } from '@careers/contracts/candidate';
import { crawlerOf } from '@careers/server-kit/crawlers';

export interface CrawlerReportOptions {
  /** The candidate service's private address (CANDIDATE_INTERNAL_URL): nginx refuses /internal/. */
  candidateBaseUrl: string;
  /** CRAWLER_REPORT_TOKEN, shared with the candidate service. */
  token?: string | undefined;
  /** Without a token: the file the embedded default's candidate service generates it in. */
  tokenFile?: string | undefined;
  /** Told once when a fetch goes unreported for want of a credential. */
  onNoCredential?: () => void;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
}

/** A missing generated credential is looked for again after this long, not on every crawler's visit. */
const LOOK_AGAIN_MS = 60_000;

/**
 * "Which crawlers fetched this job" (docs/decisions/0382) covers the apply page, which this server renders from
 * its own cache: when a crawler fetched one, the candidate service is told, with the crawler's User-Agent,
 * under the credential only this server shares with it (docs/decisions/0514). Nothing waits for it and a
 * failure is dropped (a count is not worth a slower page); a person's browser sends nothing.
 */
export function createCrawlerReporter(options: CrawlerReportOptions) {
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 2_000;
  const now = options.now ?? Date.now;
  let token = options.token;
  let lookAgainAt = 0;
  let told = false;

  async function credential(): Promise<string | undefined> {
    if (token || !options.tokenFile || now() < lookAgainAt) return token;
    lookAgainAt = now() + LOOK_AGAIN_MS;
    try {
      token = (await readFile(options.tokenFile, 'utf8')).trim() || undefined;
    } catch {
      token = undefined;
    }
    return token;
  }

  async function report(userAgent: string, jobId: string) {
    const bearer = await credential();
    if (!bearer) {
      if (!told) options.onNoCredential?.();
      told = true;
      return;
    }
    const body: CrawlerFetchReport = { userAgent: userAgent.slice(0, CRAWLER_USER_AGENT_MAX) };
    const response = await send(
      `${options.candidateBaseUrl}/internal/jobs/${encodeURIComponent(jobId)}/crawler-fetches`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      },
    );
    await response.body?.cancel();
  }

  return (userAgent: string | undefined, jobId: string): void => {
    if (!userAgent || !crawlerOf(userAgent)) return;
    void report(userAgent, jobId).catch(() => undefined);
  };
}
